import { Body, Param, Post } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import type { PresaleRequest, ShowPresale } from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { RequiredText } from '../../common/strings.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { PresalesService } from './presales.service.js';

class PresaleDto implements PresaleRequest {
  @ApiProperty({ example: 'WREN2026', maxLength: 40 })
  @Matches(/^[A-Za-z0-9_-]*$/, {
    message: 'A presale code is letters, digits, dashes and underscores only.',
  })
  @RequiredText(40, 'Please enter the presale code.', 'A presale code is at most 40 characters.')
  code: string;
}

@AdminController('admin/shows', 'admin: shows')
export class PresalesController {
  constructor(private readonly presales: PresalesService) {}

  /** Emails the code once to every current member whose tier has the presale perk. */
  @Post(':id/presale')
  @ApiResponse({ status: 409, description: 'The show’s presale code was sent already' })
  send(@Param() { id }: IdParam, @Body() body: PresaleDto): Promise<ShowPresale> {
    return this.presales.send(id, body.code);
  }
}
