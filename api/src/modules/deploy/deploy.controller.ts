import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type {
  LiveReleaseChange,
  LiveRemoteRelease,
  RemoteName,
  RemoteRelease,
} from '@artist/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { RateLimit } from '../rate-limit/index.js';
import { DeployService } from './deploy.service.js';
import { deployableRemote, DeployTokenGuard, tokenLabel } from './deploy-tokens.js';
import { ReportFailureDto } from './dto/report-failure.dto.js';
import { SetLiveDto } from './dto/set-live.dto.js';
import { announcedTooLarge, tooLarge } from './release-archive.js';
import { previewCookieName } from './preview-cookie.js';

/** Where a preview link lands: the remote's own page. */
const PREVIEW_LANDING: Record<RemoteName, string> = { storefront: '/', admin: '/admin' };

/**
 * A remote's releases (docs/deploy.md): its team publishes, previews, promotes and rolls back
 * with the remote's deploy token; browsers report a version that fails to load.
 */
@Controller('deploy/:remote')
export class DeployController {
  constructor(
    private readonly deploy: DeployService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Body: the `.tar.gz` of the remote's built folder, streamed (Content-Type: application/gzip). */
  @Post('releases')
  @UseGuards(DeployTokenGuard)
  async publish(
    @Param('remote') name: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ version: string }> {
    const remote = deployableRemote(this.config, name);
    // A body over the limit is not read to its end: the connection is closed after the answer
    // rather than drained.
    if (announcedTooLarge(req.headers['content-length'])) {
      res.setHeader('Connection', 'close');
      throw tooLarge();
    }
    const { version, created } = await this.deploy.publish(remote, req).catch((error: unknown) => {
      if (error instanceof PayloadTooLargeException) res.setHeader('Connection', 'close');
      throw error;
    });
    res.status(created ? 201 : 200);
    return { version };
  }

  @Get('releases')
  @UseGuards(DeployTokenGuard)
  list(@Param('remote') name: string): Promise<RemoteRelease[]> {
    return this.deploy.list(deployableRemote(this.config, name));
  }

  @Get('live')
  @UseGuards(DeployTokenGuard)
  live(@Param('remote') name: string): Promise<LiveRemoteRelease> {
    return this.deploy.liveOf(deployableRemote(this.config, name));
  }

  /** Makes a published version live on every instance; rolling back is the same with an older one. */
  @Post('live')
  @HttpCode(200)
  @UseGuards(DeployTokenGuard)
  setLive(
    @Param('remote') name: string,
    @Body() body: SetLiveDto,
    @Req() req: Request,
  ): Promise<LiveRemoteRelease> {
    const remote = deployableRemote(this.config, name);
    const token = req.headers.authorization!.replace(/^Bearer\s+/i, '').trim();
    return this.deploy.setLive(remote, body.version, tokenLabel(remote, token));
  }

  @Get('history')
  @UseGuards(DeployTokenGuard)
  history(@Param('remote') name: string): Promise<LiveReleaseChange[]> {
    return this.deploy.history(deployableRemote(this.config, name));
  }

  @Post('releases/:version/preview')
  @HttpCode(200)
  @UseGuards(DeployTokenGuard)
  previewLink(
    @Param('remote') name: string,
    @Param('version') version: string,
  ): Promise<{ url: string }> {
    return this.deploy.previewLink(deployableRemote(this.config, name), version);
  }

  /** The preview link: sets this browser's signed cookie (until the link expires) and opens the site. */
  @Get('preview')
  openPreview(
    @Param('remote') name: string,
    @Query('release') release: string | undefined,
    @Res() res: Response,
  ): void {
    const remote = deployableRemote(this.config, name);
    const preview = this.deploy.preview(remote, release);
    if (!preview) throw new BadRequestException('This preview link is not valid or has expired.');
    res.cookie(previewCookieName(remote), release, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      path: '/',
      expires: new Date(preview.expiresAt),
    });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, PREVIEW_LANDING[remote]);
  }

  /** "end preview": this browser loads the live version again. */
  @Get('preview/end')
  endPreview(@Param('remote') name: string, @Res() res: Response): void {
    const remote = deployableRemote(this.config, name);
    res.clearCookie(previewCookieName(remote), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      path: '/',
    });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, PREVIEW_LANDING[remote]);
  }

  /** A browser found `version` failing to load and turned to the previous one; no session needed. */
  @Post('failures')
  @HttpCode(200)
  @RateLimit('remote-failure')
  reportFailure(
    @Param('remote') name: string,
    @Body() body: ReportFailureDto,
  ): Promise<{ version: string; failures: number }> {
    return this.deploy.reportFailure(
      deployableRemote(this.config, name),
      body.version,
      body.reason,
    );
  }
}
