import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SiteContent } from '@artist/contracts';
import { ContentService } from './content.service.js';

@ApiTags('content')
@Controller('content')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  /** The artist's words and links on the public page. */
  @Get()
  get(): Promise<SiteContent> {
    return this.content.get();
  }
}
