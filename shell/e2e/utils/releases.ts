import { expect, request as requests, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, type RunningSite } from './site.js';

/** The artist's API on a site, signed in; its writes carry the site's Origin as a browser's do. */
export async function adminApi(site: RunningSite): Promise<APIRequestContext> {
  const admin = await requests.newContext({
    baseURL: site.url,
    extraHTTPHeaders: { Origin: site.url },
  });
  const login = await admin.post('/api/admin/login', { data: { password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  return admin;
}

/** A ZIP's first bytes, then `size` bytes of `fill`: what the fan downloads. */
export const releaseZip = (size: number, fill: number) =>
  Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(size, fill)]);

/**
 * The digital release "Porch Light" (`porch-light`), name-your-price from `minPriceCents`, made
 * through the admin API with its MP3 320 ZIP uploaded.
 */
export async function publishRelease(
  admin: APIRequestContext,
  {
    minPriceCents,
    zip,
    tracks = [{ title: 'Porch Light', durationSeconds: 215 }],
  }: {
    minPriceCents: number;
    zip: Buffer;
    tracks?: { title: string; durationSeconds: number }[];
  },
): Promise<void> {
  const release = await admin.post('/api/admin/products', {
    data: {
      name: 'Porch Light',
      description: 'The second album.',
      image: null,
      sizes: [],
      kind: 'digital',
      pricing: 'name-your-price',
      minPriceCents,
      tracks,
    },
  });
  expect(release.status(), await release.text()).toBe(201);
  const upload = await admin.post('/api/admin/products/porch-light/files', {
    multipart: {
      format: 'MP3 320',
      file: { name: 'porch-light.zip', mimeType: 'application/zip', buffer: zip },
    },
  });
  expect(upload.status()).toBe(201);
}
