import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import {
  EXPORT_NAMES,
  MEMBER_LIST_FILTERS,
  MEMBER_SORTS,
  type CheckoutResponse,
  type Member,
  type MembersSummary,
  type MembershipTier,
} from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { siteUrlOf } from '../../common/origin-check.js';
import { SignedInFans } from '../../common/signed-in-fans.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { RateLimit } from '../rate-limit/index.js';
import { MembershipCheckoutDto, MembershipTierInputDto } from './dto/membership.dto.js';
import { MembershipsService } from './memberships.service.js';

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

const columns: CsvColumn<Member>[] = [
  ...csvColumns<Member>('id', 'email', 'tierName', 'interval'),
  { header: 'price', value: (m) => dollars(m.priceCents) },
  ...csvColumns<Member>('status', 'since', 'renewsAt', 'endsAt'),
];

/** GET /api/admin/members (filter by `status` and `tierId`, search by email) and its CSV. */
export class MemberListController extends AdminListController({
  path: 'admin/members',
  tag: 'admin: members',
  source: MembershipsService,
  filters: MEMBER_LIST_FILTERS,
  sorts: MEMBER_SORTS,
  columns,
  exportName: EXPORT_NAMES.members,
  params: [
    {
      name: 'tierId',
      description: 'Only the members of this tier.',
      pattern: /^[1-9]\d{0,9}$/,
      message: 'tierId must be the id of a membership tier.',
    },
  ],
}) {}

@AdminController('admin/members', 'admin: members')
export class MembersController {
  constructor(private readonly memberships: MembershipsService) {}

  @Get('summary')
  @Header('Cache-Control', 'no-store')
  summary(): Promise<MembersSummary> {
    return this.memberships.summary();
  }
}

@AdminController('admin/membership-tiers', 'admin: members')
export class MembershipTiersAdminController {
  constructor(private readonly memberships: MembershipsService) {}

  @Get()
  list(): Promise<MembershipTier[]> {
    return this.memberships.tiers({ openOnly: false });
  }

  @Post()
  create(@Body() body: MembershipTierInputDto): Promise<MembershipTier> {
    return this.memberships.createTier(body);
  }

  @Put(':id')
  update(@Param() { id }: IdParam, @Body() body: MembershipTierInputDto): Promise<MembershipTier> {
    return this.memberships.updateTier(id, body);
  }

  /** Closes the tier to new members; its members keep their membership. */
  @Delete(':id')
  close(@Param() { id }: IdParam): Promise<MembershipTier> {
    return this.memberships.closeTier(id);
  }
}

class CardLinkQuery {
  @ApiProperty({ description: 'The token of the link in the "Your card was declined" email.' })
  @IsString({ message: 'The link has no token.' })
  @MaxLength(64, { message: 'This link is not valid.' })
  token: string;
}

@ApiTags('memberships')
@Controller()
export class MembershipsController {
  constructor(
    private readonly memberships: MembershipsService,
    private readonly fans: SignedInFans,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The open tiers, with their prices and perks. */
  @Get('membership-tiers')
  @Header('Cache-Control', 'no-cache')
  tiers(): Promise<MembershipTier[]> {
    return this.memberships.tiers({ openOnly: true });
  }

  /**
   * `{ url }`: Stripe Checkout in subscription mode, for the signed-in fan's address; the body's
   * email is needed only without a fan session.
   */
  @Post('memberships/checkout')
  @RateLimit('membership-checkout')
  @HttpCode(200)
  async checkout(
    @Body() body: MembershipCheckoutDto,
    @Req() req: Request,
  ): Promise<CheckoutResponse> {
    const siteUrl = siteUrlOf(req, this.config);
    return this.memberships.checkout(body, await this.fans.emailOf(req), siteUrl);
  }

  /** The "update your card" link of a declined renewal: on to Stripe's billing portal. */
  @Get('memberships/card')
  @RateLimit('membership-card')
  @Header('Cache-Control', 'no-store')
  async card(@Query() query: CardLinkQuery, @Res() res: Response): Promise<void> {
    res.redirect(303, await this.memberships.cardPortal(query.token));
  }
}
