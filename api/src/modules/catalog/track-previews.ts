import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Get,
  Inject,
  Injectable,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProperty, ApiResponse } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { finalize, type Observable } from 'rxjs';
import type { EntityManager } from 'typeorm';
import { PREVIEW_MAX_BYTES, type TrackPreviewUpload } from '@artist/contracts';
import { AdminController } from '../../common/admin-only.js';
import { Clock } from '../../common/clock.js';
import { EarlyAccess, isOut, mayHaveRelease, notOutYetMessage } from '../../common/early-access.js';
import { SignedInFans } from '../../common/signed-in-fans.js';
import { Transactions } from '../../database/transaction.js';
import {
  removeUploadedFile,
  TemporaryFileInterceptor,
  tooLargeAs,
  parseRange,
  STORAGE,
  type Storage,
} from '../storage/index.js';
import { audioTypeOf } from './audio-type.js';
import { CatalogService, previewUrl } from './catalog.service.js';
import { PRODUCT_NOT_FOUND } from './inventory.service.js';
import { ProductRecord, type StoredPreview } from './product.entity.js';

export const PREVIEW_TOO_LARGE = `A preview may be at most ${PREVIEW_MAX_BYTES / 1024 / 1024} MB.`;
export const NO_PREVIEW_FILE = 'Send the preview in the field file.';
export const NOT_AUDIO = 'The preview must be an MP3, Ogg or M4A audio file.';
export const NOT_A_RELEASE = 'Previews belong to the tracks of a digital release.';
export const noTrackAt = (index: string, count: number) =>
  count === 0
    ? `This release lists no tracks yet; there is no track ${index}.`
    : `This release lists ${count} track${count === 1 ? '' : 's'}, numbered from 0 to ${count - 1}; there is no track ${index}.`;
export const NO_PREVIEW = 'This track has no preview.';

/** A multer file written to the temporary folder. */
interface UploadedPreview {
  path: string;
  size: number;
}

/** Reads `POST …/tracks/:index/preview`: the field `file`, up to 20 MB, into the temporary folder. */
const PreviewFileInterceptor = TemporaryFileInterceptor('file', PREVIEW_MAX_BYTES);

/** Gives multer's 413 a sentence and removes the temporary file once the upload is answered. */
@Injectable()
export class PreviewUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { file?: { path?: string } }>();
    return next.handle().pipe(
      tooLargeAs(PREVIEW_TOO_LARGE),
      finalize(() => void removeUploadedFile(req)),
    );
  }
}

/** A track's place, from 0: a number of at most three digits, else no track. */
const placeOf = (index: string) => (/^\d{1,3}$/.test(index) ? Number(index) : -1);

/**
 * "Listen before you buy": each track of a release may have a preview (MP3, Ogg or M4A, up to 20
 * MB, its type read from its bytes), stored through the site's storage (folder or S3) under
 * `previews/<productId>/`, and streamed to anyone with its audio type and byte ranges; before
 * the release's date, only to a signed-in member whose early access reaches it.
 */
@Injectable()
export class TrackPreviewsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly catalog: CatalogService,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly fans: SignedInFans,
    private readonly early: EarlyAccess,
  ) {}

  async upload(
    productId: string,
    index: string,
    file: UploadedPreview | undefined,
  ): Promise<TrackPreviewUpload> {
    const at = placeOf(index);
    const before = await this.catalog.findStored(productId);
    if (!before) throw new NotFoundException(PRODUCT_NOT_FOUND);
    checkTrack(before.product, index, at);
    if (!file) throw new BadRequestException(NO_PREVIEW_FILE);
    const type = await audioTypeOf(file.path);
    if (!type) throw new BadRequestException(NOT_AUDIO);
    const key = `previews/${productId}/${randomUUID()}.${type.extension}`;
    await this.storage.put(key, { file: file.path }, type.mime);
    const preview: StoredPreview = { key, contentType: type.mime, bytes: file.size };
    let replaced: StoredPreview | undefined;
    try {
      await this.transactions.run(async (manager) => {
        const product = await lockedProduct(manager, productId);
        if (!product) throw new NotFoundException(PRODUCT_NOT_FOUND);
        checkTrack(product, index, at);
        const tracks = [...product.tracks!];
        replaced = tracks[at]!.preview;
        tracks[at] = { ...tracks[at]!, preview };
        await manager.update(ProductRecord, { id: productId }, { tracks, updatedAt: new Date() });
      });
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    if (replaced) await this.storage.delete(replaced.key).catch(() => undefined);
    return {
      previewUrl: previewUrl(productId, at, key),
      contentType: type.mime,
      bytes: file.size,
    };
  }

  /**
   * The preview of a release that is not archived, as stored, with the release's date: null when
   * it has none.
   */
  private async find(
    productId: string,
    index: string,
  ): Promise<{ preview: StoredPreview; releaseDate: string | null } | null> {
    const stored = await this.catalog.findStored(productId);
    if (!stored || stored.product.archivedAt !== null || stored.product.kind !== 'digital')
      return null;
    const preview = stored.product.tracks?.[placeOf(index)]?.preview;
    return preview ? { preview, releaseDate: stored.product.releaseDate } : null;
  }

  /**
   * GET …/preview: the audio whole (200) or one byte range of it (206), 416 past its end; 403
   * with a sentence before the release's date, but to a member whose early access reaches it.
   */
  async stream(productId: string, index: string, req: Request, res: Response): Promise<void> {
    const found = await this.find(productId, index);
    if (!found) throw new NotFoundException(NO_PREVIEW);
    const { preview, releaseDate } = found;
    const today = this.clock.today();
    const out = isOut(releaseDate, today);
    if (
      !out &&
      !(await mayHaveRelease(this.early, releaseDate, today, await this.fans.emailOf(req)))
    )
      throw new ForbiddenException(notOutYetMessage(releaseDate!));
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Type', preview.contentType);
    // The address changes with the file (`?v=`), so a copy may be kept; one that only a member
    // may hear yet is hers alone.
    res.setHeader('Cache-Control', out ? 'public, max-age=86400' : 'private, no-store');
    const range = parseRange(req.get('range'), preview.bytes);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${preview.bytes}`);
      res.status(416).end();
      return;
    }
    const file = await this.storage.get(preview.key, range ?? undefined);
    if (!file) throw new NotFoundException(NO_PREVIEW);
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.setHeader('Content-Length', String(file.size));
    }
    if (req.method === 'HEAD') {
      file.body.destroy();
      res.end();
      return;
    }
    await pipeline(file.body, res).catch(() => res.destroy());
  }
}

function checkTrack(product: ProductRecord, index: string, at: number): void {
  if (product.kind !== 'digital') throw new BadRequestException(NOT_A_RELEASE);
  const count = product.tracks?.length ?? 0;
  if (at < 0 || at >= count) throw new BadRequestException(noTrackAt(index.slice(0, 10), count));
}

/** The product's row, locked for the rest of the transaction on MySQL/MariaDB. */
function lockedProduct(manager: EntityManager, id: string): Promise<ProductRecord | null> {
  const qb = manager.createQueryBuilder(ProductRecord, 'p').where('p.id = :id', { id });
  if (manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
  return qb.getOne();
}

class TrackParam {
  @ApiProperty({ example: 'porch-light' })
  @IsString()
  @MaxLength(60, { message: 'Product not found.' })
  @Matches(/^[a-z0-9-]+$/, { message: 'Product not found.' })
  id: string;

  @ApiProperty({ example: '0', description: "The track's place, from 0" })
  @IsString()
  @MaxLength(10, { message: 'The track is named by its place, a number from 0.' })
  index: string;
}

/** The multipart body of `POST /api/admin/products/:id/tracks/:index/preview`. */
class TrackPreviewBody {
  @ApiProperty({ type: 'string', format: 'binary', description: 'MP3, Ogg or M4A, up to 20 MB' })
  file: unknown;
}

@AdminController('admin/products', 'admin: products')
export class TrackPreviewsAdminController {
  constructor(private readonly previews: TrackPreviewsService) {}

  /** A track's preview (field `file`): a new one replaces the one before. */
  @Post(':id/tracks/:index/preview')
  @UseInterceptors(PreviewUploadInterceptor, PreviewFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: TrackPreviewBody })
  @ApiResponse({ status: 201, description: '{ previewUrl, contentType, bytes }' })
  @ApiResponse({ status: 400, description: 'No file, not MP3/Ogg/M4A, no such track, or merch' })
  @ApiResponse({ status: 404, description: 'No product has this id' })
  @ApiResponse({ status: 413, description: 'The file is over 20 MB' })
  upload(
    @Param() { id, index }: TrackParam,
    @UploadedFile() file: UploadedPreview | undefined,
  ): Promise<TrackPreviewUpload> {
    return this.previews.upload(id, index, file);
  }
}

/** Listen before you buy: a track's preview, streamed with its audio type and byte ranges. */
@Controller('products')
export class TrackPreviewsController {
  constructor(private readonly previews: TrackPreviewsService) {}

  @Get(':id/tracks/:index/preview')
  @ApiResponse({ status: 200, description: 'The audio, whole' })
  @ApiResponse({ status: 206, description: 'One byte range of it (Range: bytes=…)' })
  @ApiResponse({
    status: 403,
    description: 'Before the release’s date, to anyone but a member with early access to it',
  })
  @ApiResponse({ status: 404, description: 'No preview' })
  @ApiResponse({ status: 416, description: 'A range past its end' })
  stream(
    @Param() { id, index }: TrackParam,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.previews.stream(id, index, req, res);
  }
}
