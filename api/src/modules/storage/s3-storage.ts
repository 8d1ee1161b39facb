import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config/env.js';
import {
  checkKey,
  type ByteRange,
  type Storage,
  type StorageSource,
  type StoredObject,
} from './storage.js';

/**
 * Files in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix): AWS S3, Cloudflare R2,
 * Backblaze B2, MinIO and the like. A PUT is atomic, so a key holds a whole file or none.
 */
export class S3Storage implements Storage {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.description = `s3://${config.bucket}/${config.prefix}`;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where the protocol requires them: several S3-compatible services (and
      // older MinIO releases) refuse the newer default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return `${this.config.prefix}${checkKey(key)}`;
  }

  async put(key: string, source: StorageSource, contentType: string): Promise<void> {
    let body: Buffer | Readable;
    let length: number;
    if (Buffer.isBuffer(source)) [body, length] = [source, source.length];
    else if ('file' in source)
      [body, length] = [createReadStream(source.file), (await stat(source.file)).size];
    else if (source.size !== undefined) [body, length] = [source.stream, source.size];
    else {
      // A PUT needs the length up front: a stream of unknown length is read first.
      const chunks: Buffer[] = [];
      for await (const chunk of source.stream) chunks.push(Buffer.from(chunk as Buffer));
      body = Buffer.concat(chunks);
      length = body.length;
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: length,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string, range?: ByteRange) {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // A ranged answer's length is the range's; its Content-Range ends in the whole size.
      const whole = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
      return {
        body: answer.Body as Readable,
        size: whole ? Number(whole) : (answer.ContentLength ?? 0),
        modified: answer.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
    );
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: `${this.config.prefix}${prefix}`,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(this.config.prefix.length),
          size: object.Size ?? 0,
          modified: object.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}
