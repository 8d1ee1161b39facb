import { Get, Query } from '@nestjs/common';
import { EXPORT_NAMES, type SalesReport } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv } from '../../lists/csv.js';
import { AdminController } from '../../common/admin-only.js';
import { SalesQueryDto } from './dto/sales-query.dto.js';
import { salesCsvColumns, salesCsvRows } from './sales-csv.js';
import { SalesService } from './sales.service.js';

@AdminController('admin/sales', 'admin: sales')
export class SalesController {
  constructor(
    private readonly sales: SalesService,
    private readonly clock: Clock,
  ) {}

  @Get()
  report(@Query() query: SalesQueryDto): Promise<SalesReport> {
    return this.sales.report(query);
  }

  @Get('export')
  async export(@Query() query: SalesQueryDto) {
    const report = await this.sales.report(query);
    return csvFile(
      EXPORT_NAMES.sales,
      this.clock.today(),
      toCsv(salesCsvColumns, salesCsvRows(report)),
    );
  }
}
