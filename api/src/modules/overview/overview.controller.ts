import { Get } from '@nestjs/common';
import type { AdminOverview } from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { OverviewService } from './overview.service.js';

@AdminController('admin/overview', 'admin: overview')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  @Get()
  get(): Promise<AdminOverview> {
    return this.overview.overview();
  }
}
