import { Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { DownloadRecord } from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { DownloadsService } from './downloads.service.js';

/** An order's downloads in the admin: what was downloaded, and the links sent again. */
@AdminController('admin/orders', 'admin: orders')
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  /** The downloads made with the order's links: time, format, bytes. */
  @Get(':id/downloads')
  records(@Param('id', ParseIntPipe) id: number): Promise<DownloadRecord[]> {
    return this.downloads.recordsOfOrder(id);
  }

  /** Fresh links for every release of the order, emailed to its address. */
  @Post(':id/downloads/resend')
  @HttpCode(202)
  @ApiResponse({ status: 202, description: '{ sent }: how many links were emailed' })
  @ApiResponse({ status: 404, description: 'The order has no downloads' })
  @ApiResponse({
    status: 409,
    description: 'The releases have no files yet, or the order was refunded in full',
  })
  resend(@Param('id', ParseIntPipe) id: number): Promise<{ sent: number }> {
    return this.downloads.resendForOrder(id);
  }
}
