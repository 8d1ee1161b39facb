import { Body, Get, Put } from '@nestjs/common';
import type { SiteContent } from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { SiteContentDto } from './dto/site-content.dto.js';
import { ContentService } from './content.service.js';

@AdminController('admin/content', 'admin: content')
export class ContentAdminController {
  constructor(private readonly content: ContentService) {}

  @Get()
  get(): Promise<SiteContent> {
    return this.content.get();
  }

  /** Replaces the whole content; the public page shows it from the next request. */
  @Put()
  save(@Body() body: SiteContentDto): Promise<SiteContent> {
    return this.content.save(body);
  }
}
