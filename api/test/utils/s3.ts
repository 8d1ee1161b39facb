import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'artist-media';

/** s3rver's own fixed credentials: it checks requests are signed with them. */
const KEY_ID = 'S3RVER';

export interface TestS3 {
  /** The settings that point the site at this server, with `prefix` inside the bucket. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3 protocol server (s3rver) on loopback, holding one bucket, its objects in a temporary
 * folder: what a bucket on AWS, R2 or MinIO answers, signatures checked.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'artist-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    env: (prefix = 'site') => ({
      STORAGE_URL: `s3://${TEST_BUCKET}/${prefix}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: KEY_ID,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
