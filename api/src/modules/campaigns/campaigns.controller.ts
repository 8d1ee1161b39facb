import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Put,
  Res,
} from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CAMPAIGN_LIST_FILTERS,
  CAMPAIGN_SORTS,
  EXPORT_NAMES,
  SUPPRESSION_LIST_FILTERS,
  SUPPRESSION_SORTS,
  type AudienceCount,
  type CampaignPreview,
  type CampaignSettings,
  type Campaign,
  type FormResponse,
  type Suppression,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { AdminController } from '../../common/admin-only.js';
import { CampaignsService } from './campaigns.service.js';
import {
  AudienceRequestDto,
  CampaignInputDto,
  CampaignSendDto,
  CampaignTestDto,
  SuppressionRemovalDto,
} from './dto/campaign.dto.js';
import { SuppressionsService } from './suppressions.service.js';
import { DataSource } from 'typeorm';
import { CampaignRecord } from './campaign.entity.js';
import { UNSUBSCRIBE_PLACEHOLDER } from './campaign-content.js';
import { isTokenShaped } from '../../common/link-pages.js';

const campaignColumns: CsvColumn<Campaign>[] = [
  ...csvColumns<Campaign>('id', 'createdAt', 'subject', 'status'),
  { header: 'audience', value: (c) => JSON.stringify(c.audience) },
  ...csvColumns<Campaign>('scheduledAt', 'startedAt', 'finishedAt'),
  ...csvColumns<Campaign>('recipients', 'sent', 'failed', 'bounced', 'complained', 'unsubscribed'),
];

const suppressionColumns = csvColumns<Suppression>(
  'id',
  'createdAt',
  'email',
  'reason',
  'campaignId',
);

const CONFLICT = 'The campaign is not in a state that allows this; the sentence says why';

/** The campaigns' list; registered before CampaignsController, whose `:id` would take "export". */
export class CampaignListController extends AdminListController({
  path: 'admin/campaigns',
  tag: 'admin: campaigns',
  source: CampaignsService,
  filters: CAMPAIGN_LIST_FILTERS,
  sorts: CAMPAIGN_SORTS,
  columns: campaignColumns,
  exportName: EXPORT_NAMES.campaigns,
}) {}

@AdminController('admin/campaigns', 'admin: campaigns')
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The artist's time zone, in which the editor's schedule is written, and the rate cap. */
  @Get('settings')
  settings(): CampaignSettings {
    return {
      timeZone: this.config.timeZone,
      ratePerSecond: this.config.mail.campaignRatePerSecond,
    };
  }

  @Post()
  create(@Body() body: CampaignInputDto): Promise<Campaign> {
    return this.campaigns.create(body);
  }

  /** How many fans an audience reaches now, and how many of them have no known place. */
  @Post('audience')
  @HttpCode(200)
  audience(@Body() body: AudienceRequestDto): Promise<AudienceCount> {
    return this.campaigns.count(body.audience, body.topic);
  }

  @Get(':id')
  get(@Param() { id }: IdParam): Promise<Campaign> {
    return this.campaigns.get(id);
  }

  /** The email as fans get it (with no one's unsubscribe link), for the editor's preview. */
  @Get(':id/preview')
  preview(@Param() { id }: IdParam): Promise<CampaignPreview> {
    return this.campaigns.preview(id);
  }

  @Put(':id')
  @ApiResponse({ status: 409, description: 'Only a draft can be changed' })
  update(@Param() { id }: IdParam, @Body() body: CampaignInputDto): Promise<Campaign> {
    return this.campaigns.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 409, description: 'Only a draft can be deleted' })
  remove(@Param() { id }: IdParam): Promise<void> {
    return this.campaigns.remove(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: 'No postal address on the Page yet' })
  async test(@Param() { id }: IdParam, @Body() body: CampaignTestDto): Promise<FormResponse> {
    await this.campaigns.test(id, body.emails);
    return { success: true, message: 'The test copy is on its way.' };
  }

  @Post(':id/send')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: CONFLICT })
  send(@Param() { id }: IdParam, @Body() body: CampaignSendDto): Promise<Campaign> {
    return this.campaigns.send(id, body.at);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: CONFLICT })
  pause(@Param() { id }: IdParam): Promise<Campaign> {
    return this.campaigns.pause(id);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: CONFLICT })
  resume(@Param() { id }: IdParam): Promise<Campaign> {
    return this.campaigns.resume(id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: CONFLICT })
  cancel(@Param() { id }: IdParam): Promise<Campaign> {
    return this.campaigns.cancel(id);
  }
}

export class SuppressionListController extends AdminListController({
  path: 'admin/suppressions',
  tag: 'admin: campaigns',
  source: SuppressionsService,
  filters: SUPPRESSION_LIST_FILTERS,
  sorts: SUPPRESSION_SORTS,
  columns: suppressionColumns,
  exportName: EXPORT_NAMES.suppressions,
}) {}

@AdminController('admin/suppressions', 'admin: campaigns')
export class SuppressionsController {
  constructor(private readonly suppressions: SuppressionsService) {}

  /** Lifts a suppression: the address gets campaigns again. The reason is kept. */
  @Delete(':id')
  @HttpCode(204)
  remove(@Param() { id }: IdParam, @Body() body: SuppressionRemovalDto): Promise<void> {
    return this.suppressions.remove(id, body.reason);
  }
}

/** A campaign's public page, its emails' "view in your browser" link. */
@ApiTags('campaigns')
@Controller('campaigns')
export class CampaignPageController {
  constructor(private readonly dataSource: DataSource) {}

  @Get(':pageId')
  @ApiResponse({ status: 404, description: 'No campaign that has been sent at this address' })
  async page(
    @Param('pageId') pageId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    // Only the page id finds a campaign: its sequential id, or any other shape, is not found.
    const campaign = isTokenShaped(pageId)
      ? await this.dataSource
          .getRepository(CampaignRecord)
          .findOne({ select: { id: true, html: true, status: true }, where: { pageId } })
      : null;
    if (!campaign?.html || campaign.status === 'draft')
      throw new NotFoundException('Campaign not found.');
    res.type('html');
    // The email's own inline styles, its gallery images, nothing else.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'none'",
    );
    res.setHeader('Cache-Control', 'public, max-age=300');
    // Nobody's unsubscribe link: the page is the same for everyone.
    return campaign.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, '/#email-signup');
  }
}
