import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminOverview } from '@artist/contracts';
import { AdminOnly } from '../../common/admin-only.js';
import { OverviewService } from './overview.service.js';

@ApiTags('admin: overview')
@AdminOnly()
@Controller('admin/overview')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  @Get()
  get(): Promise<AdminOverview> {
    return this.overview.overview();
  }
}
