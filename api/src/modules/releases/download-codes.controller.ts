import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsInt, IsString, Matches, MaxLength, Min } from 'class-validator';
import { WholeNumberField } from '../../common/numbers.js';
import {
  EXPORT_NAMES,
  MAX_CODES_PER_BATCH,
  redeemUrl,
  type CodeBatch,
  type CodeBatchCreated,
  type RedeemStatus,
} from '@artist/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv } from '../../lists/csv.js';
import { EmailAddress } from '../../common/strings.js';
import { TooManyRequestsException } from '../../common/too-many-requests.js';
import { AdminController } from '../../common/admin-only.js';
import { ClientAddress, RateLimiter, type Limit } from '../rate-limit/index.js';
import { DownloadCodesService } from './download-codes.service.js';

export const CODE_COUNT_MESSAGE = `count must be a whole number from 1 to ${MAX_CODES_PER_BATCH}.`;
export const BATCH_ID_MESSAGE = 'batchId must be the id of a batch of codes.';
/** Tries of `POST /api/redeem` one client address may make. */
export const REDEEM_LIMIT: Limit = { max: 10, windowMs: 60_000 };

class ReleaseParam {
  @ApiProperty({ example: 'porch-light' })
  @IsString()
  @MaxLength(60, { message: 'Product not found.' })
  @Matches(/^[a-z0-9-]+$/, { message: 'Product not found.' })
  id: string;
}

class BatchParam extends ReleaseParam {
  @ApiProperty({ example: 1 })
  @Type(() => Number)
  @IsInt({ message: BATCH_ID_MESSAGE })
  @Min(1, { message: BATCH_ID_MESSAGE })
  batchId: number;
}

class CodeCountDto {
  @ApiProperty({ minimum: 1, maximum: MAX_CODES_PER_BATCH, example: 200 })
  @WholeNumberField(1, MAX_CODES_PER_BATCH, CODE_COUNT_MESSAGE)
  count: number;
}

class BatchQueryDto {
  @ApiProperty({ example: 1 })
  @Type(() => Number)
  @IsInt({ message: BATCH_ID_MESSAGE })
  @Min(1, { message: BATCH_ID_MESSAGE })
  batchId: number;
}

class RedeemDto {
  @ApiProperty({ example: 'K7Q2MZ4XRP', description: 'As printed; any case, spaces and dashes' })
  // Checked by the lookup alone: whatever its shape, a code that is not live is one 404.
  @Allow()
  code: unknown;

  @ApiProperty({ example: 'fan@example.com' })
  @EmailAddress(320)
  email: string;
}

/** A release's download codes in the admin: batches, their CSV, voiding. */
@AdminController('admin/products', 'admin: products')
export class DownloadCodesController {
  constructor(
    private readonly codes: DownloadCodesService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':id/codes')
  @ApiResponse({ status: 201, description: '{ batchId, count }' })
  create(
    @Param() { id }: ReleaseParam,
    @Body() { count }: CodeCountDto,
  ): Promise<CodeBatchCreated> {
    return this.codes.createBatch(id, count);
  }

  @Get(':id/codes')
  batches(@Param() { id }: ReleaseParam): Promise<CodeBatch[]> {
    return this.codes.batches(id);
  }

  /** One code a row: the code and the address that redeems it (`url`), to print on cards. */
  @Get(':id/codes/export')
  async export(@Param() { id }: ReleaseParam, @Query() { batchId }: BatchQueryDto) {
    const codes = await this.codes.codesOf(id, batchId);
    const csv = toCsv(
      [
        { header: 'code', value: (code: string) => code },
        { header: 'url', value: (code: string) => redeemUrl(this.config.publicUrl, code) },
      ],
      codes,
    );
    return csvFile(`${EXPORT_NAMES.downloadCodes}-${id}-${batchId}`, this.clock.today(), csv);
  }

  @Post(':id/codes/:batchId/void')
  @HttpCode(200)
  voidBatch(@Param() { id, batchId }: BatchParam): Promise<CodeBatch> {
    return this.codes.voidBatch(id, batchId);
  }
}

/** `/redeem` on the site: a card's code and an email in, the release's links emailed out. */
@ApiTags('releases')
@Controller('redeem')
export class RedeemController {
  constructor(
    private readonly codes: DownloadCodesService,
    private readonly limiter: RateLimiter,
  ) {}

  /** Whether a card's code can be redeemed at all: the footer links to `/redeem` while one can. */
  @Get()
  @Header('Cache-Control', 'no-cache')
  async status(): Promise<RedeemStatus> {
    return { codesLive: await this.codes.hasLiveCodes() };
  }

  @Post()
  @HttpCode(202)
  @ApiResponse({ status: 202, description: 'The links are on their way by email' })
  @ApiResponse({
    status: 403,
    description: 'The release is not out yet, and the address has no early access to it',
  })
  @ApiResponse({ status: 404, description: 'Not a live code' })
  @ApiResponse({ status: 409, description: 'The code was used already' })
  @ApiResponse({ status: 429, description: 'More than 10 tries a minute from this address' })
  async redeem(
    @Body() body: RedeemDto,
    @ClientAddress() client: string,
  ): Promise<{ message: string }> {
    const wait = await this.limiter.take('redeem', client, REDEEM_LIMIT);
    if (wait > 0) {
      throw new TooManyRequestsException(
        `Too many tries. Please try again in ${wait} seconds.`,
        wait,
      );
    }
    await this.codes.redeem(body.code, body.email);
    return { message: `Your download links are on their way to ${body.email}.` };
  }
}
