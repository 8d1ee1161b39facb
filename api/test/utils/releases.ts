import type TestAgent from 'supertest/lib/agent.js';
import type { AdminProduct } from '@artist/contracts';
import { ProductRecord, ProductVariantRecord } from '../../src/modules/catalog/product.entity.js';
import { repositoryOf, type TestApp } from './test-app.js';

/** A ZIP's first bytes (a local file header), then `size` bytes more. */
export const zipBytes = (size = 1024): Buffer =>
  Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(size, 7)]);

/** A digital release, name your price from $8.00 unless told otherwise. */
export async function createRelease(
  admin: TestAgent,
  fields: Record<string, unknown> = {},
): Promise<AdminProduct> {
  const res = await admin
    .post('/api/admin/products')
    .send({
      name: 'Porch Light',
      description: 'The second album.',
      image: null,
      sizes: [],
      kind: 'digital',
      pricing: 'name-your-price',
      minPriceCents: 800,
      tracks: [
        { title: 'Porch Light', durationSeconds: 215 },
        { title: 'Gravel Road', durationSeconds: 187 },
      ],
      ...fields,
    })
    .expect(201);
  return res.body as AdminProduct;
}

/** Uploads one format of a release. */
export const uploadFormat = (admin: TestAgent, productId: string, format: string, file: Buffer) =>
  admin
    .post(`/api/admin/products/${productId}/files`)
    .field('format', format)
    .attach('file', file, { filename: 'release.zip', contentType: 'application/zip' });

/** Deletes every digital release and its variant, so each test makes its own. */
export async function removeReleases(t: TestApp): Promise<void> {
  for (const { id } of await repositoryOf(t, ProductRecord).findBy({ kind: 'digital' })) {
    await repositoryOf(t, ProductVariantRecord).delete({ productId: id });
    await repositoryOf(t, ProductRecord).delete({ id });
  }
}
