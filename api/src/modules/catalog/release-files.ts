import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { finalize, type Observable } from 'rxjs';
import { RELEASE_FILE_MAX_BYTES, type ReleaseFile } from '@artist/contracts';
import {
  removeUploadedFile,
  TemporaryFileInterceptor,
  tooLargeAs,
  STORAGE,
  type Storage,
} from '../storage/index.js';
import { isDuplicateKeyError } from '../../database/transaction.js';
import { ProductRecord } from './product.entity.js';
import { ReleaseFileRecord } from './release-file.entity.js';

export const RELEASE_FILE_TOO_LARGE = 'A release file may be at most 2 GB.';
export const NOT_A_ZIP_MESSAGE = 'The file must be a ZIP archive.';
export const NO_FILE_MESSAGE = 'Send the ZIP in the field file.';
export const FORMAT_MESSAGE =
  'format must name the format, such as MP3 320 (at most 40 characters).';
export const NOT_DIGITAL_MESSAGE =
  'Files belong to a digital release: set the product’s kind to digital first.';

/** A multer file written to the temporary folder. */
export interface UploadedReleaseFile {
  path: string;
  size: number;
}

/**
 * Reads the multipart body of `POST /api/admin/products/:id/files`: the field `file` (up to 2
 * GB) is written to the system's temporary folder as it arrives, never held in memory, and the
 * text field `format`.
 */
export const ReleaseFileInterceptor = TemporaryFileInterceptor('file', RELEASE_FILE_MAX_BYTES);

/**
 * Gives multer's 413 a sentence, and removes the temporary file once the upload is answered,
 * whatever the answer. Listed before ReleaseFileInterceptor so its errors pass through here.
 */
@Injectable()
export class ReleaseUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { file?: { path?: string } }>();
    return next.handle().pipe(
      tooLargeAs(RELEASE_FILE_TOO_LARGE),
      finalize(() => void removeUploadedFile(req)),
    );
  }
}

/** A ZIP starts with a local file header, or with the end record when it is empty. */
async function isZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 4) return false;
    return (
      head.equals(Buffer.from('PK\x03\x04', 'latin1')) ||
      head.equals(Buffer.from('PK\x05\x06', 'latin1'))
    );
  } finally {
    await handle.close();
  }
}

/** The formats of digital releases: one ZIP each, in storage under `releases/<productId>/`. */
@Injectable()
export class ReleaseFilesService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  /**
   * Stores one format of a release: 404 for no such product, 400 for merch, a missing or
   * blank format, or a file that is not a ZIP by its first bytes. A format uploaded again
   * replaces the one before.
   */
  async add(
    productId: string,
    format: unknown,
    file: UploadedReleaseFile | undefined,
  ): Promise<ReleaseFile> {
    const product = await this.dataSource.manager.findOneBy(ProductRecord, { id: productId });
    if (!product) throw new NotFoundException('Product not found.');
    if (product.kind !== 'digital') throw new BadRequestException(NOT_DIGITAL_MESSAGE);
    const name = typeof format === 'string' ? format.replace(/\s+/g, ' ').trim() : '';
    if (!name || name.length > 40) throw new BadRequestException(FORMAT_MESSAGE);
    if (!file) throw new BadRequestException(NO_FILE_MESSAGE);
    if (!(await isZip(file.path))) throw new BadRequestException(NOT_A_ZIP_MESSAGE);
    const storageKey = `releases/${productId}/${randomUUID()}.zip`;
    await this.storage.put(storageKey, { file: file.path }, 'application/zip');
    const files = this.dataSource.getRepository(ReleaseFileRecord);
    const before = await files.findOneBy({ productId, format: name });
    try {
      if (before) {
        await files.update({ id: before.id }, { storageKey, bytes: file.size });
      } else {
        await files.insert({ productId, format: name, storageKey, bytes: file.size });
      }
    } catch (error) {
      await this.storage.delete(storageKey);
      if (isDuplicateKeyError(error)) {
        throw new BadRequestException(`${name} is being uploaded already; try again.`);
      }
      throw error;
    }
    if (before) await this.storage.delete(before.storageKey);
    const saved = (await files.findOneBy({ productId, format: name }))!;
    return { id: saved.id, format: saved.format, bytes: saved.bytes };
  }

  /** A release's format, as a download link names it. */
  find(id: number): Promise<ReleaseFileRecord | null> {
    return this.dataSource.getRepository(ReleaseFileRecord).findOneBy({ id });
  }

  /** Every format of these releases. */
  forReleases(productIds: string[]): Promise<ReleaseFileRecord[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(ReleaseFileRecord)
      .createQueryBuilder('f')
      .where('f.productId IN (:...productIds)', { productIds })
      .orderBy('f.id')
      .getMany();
  }
}
