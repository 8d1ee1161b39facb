import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  Body,
  Controller,
  Headers,
  HttpCode,
  Inject,
  Post,
  UnauthorizedException,
} from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Clock } from '../../common/clock.js';
import { BounceService } from './bounce.service.js';

/** Mailgun's signatures are refused when older than this (a replayed report changes nothing anyway). */
const MAILGUN_MAX_AGE_S = 15 * 60;

/** Postmark bounce types that mean the address will never take mail. */
const POSTMARK_HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The mail providers' reports of hard bounces and complaints. Each is trusted only by its
 * credentials (basic auth for Postmark, the HMAC signature for Mailgun): anything else is 401
 * and changes nothing. A report the site does not act on (a soft bounce, another event) is 200.
 */
@ApiTags('webhooks')
@Controller('webhooks/email')
export class EmailWebhooksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bounces: BounceService,
    private readonly clock: Clock,
  ) {}

  /** Postmark's Bounce and SpamComplaint webhooks, with HTTP basic auth. */
  @Post('postmark')
  @HttpCode(200)
  @ApiResponse({ status: 401, description: 'Missing or wrong basic-auth credentials' })
  async postmark(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: Record<string, unknown>,
  ): Promise<{ received: true }> {
    const expected = this.config.mail.webhooks.basicAuth;
    const given = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
    const credentials = given ? Buffer.from(given[1], 'base64').toString('utf8') : '';
    if (!expected || !equal(credentials, `${expected.user}:${expected.password}`))
      throw new UnauthorizedException('Unauthenticated webhook.');
    const email = typeof body?.Email === 'string' ? body.Email : '';
    const messageId = typeof body?.MessageID === 'string' ? body.MessageID : undefined;
    if (!email) return { received: true };
    if (body.RecordType === 'SpamComplaint')
      await this.bounces.complaint(email, 'Postmark: spam complaint', messageId);
    else if (body.RecordType === 'Bounce' && POSTMARK_HARD.has(String(body.Type)))
      await this.bounces.bounce(
        email,
        `Postmark: ${String(body.Type)} ${String(body.Description ?? '')}`.trim(),
        messageId,
      );
    return { received: true };
  }

  /** Mailgun's `failed` (severity permanent) and `complained` events, signed with HMAC-SHA256. */
  @Post('mailgun')
  @HttpCode(200)
  @ApiResponse({ status: 401, description: 'Missing or wrong signature' })
  async mailgun(@Body() body: Record<string, unknown>): Promise<{ received: true }> {
    const key = this.config.mail.webhooks.mailgunSigningKey;
    const signature = (body?.signature ?? {}) as Record<string, unknown>;
    const { timestamp, token } = signature;
    const given = signature.signature;
    if (
      !key ||
      typeof timestamp !== 'string' ||
      typeof token !== 'string' ||
      typeof given !== 'string'
    )
      throw new UnauthorizedException('Unauthenticated webhook.');
    const expected = createHmac('sha256', key).update(`${timestamp}${token}`).digest('hex');
    const age = Math.abs(this.clock.now().getTime() / 1000 - Number(timestamp));
    if (!equal(expected, given) || !(age <= MAILGUN_MAX_AGE_S))
      throw new UnauthorizedException('Unauthenticated webhook.');
    const event = (body['event-data'] ?? {}) as Record<string, unknown>;
    const email = typeof event.recipient === 'string' ? event.recipient : '';
    const headers = ((event.message as Record<string, unknown> | undefined)?.headers ??
      {}) as Record<string, unknown>;
    const messageId = typeof headers['message-id'] === 'string' ? headers['message-id'] : undefined;
    if (!email) return { received: true };
    if (event.event === 'complained')
      await this.bounces.complaint(email, 'Mailgun: complained', messageId);
    else if (event.event === 'failed' && event.severity === 'permanent') {
      const status = (event['delivery-status'] ?? {}) as Record<string, unknown>;
      await this.bounces.bounce(
        email,
        `Mailgun: ${String(status.code ?? '')} ${String(status.message ?? status.description ?? '')}`.trim(),
        messageId,
      );
    }
    return { received: true };
  }
}
