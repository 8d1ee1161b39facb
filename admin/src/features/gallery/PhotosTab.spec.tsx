import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GalleryPhoto, ListPage } from '@artist/contracts';
import { json, renderAdmin, signedIn, type StubRequest } from '../../test/render.js';

const photo = (id: number, alt: string): GalleryPhoto => ({
  id,
  alt,
  medium: { webp: `/media/gallery/p${id}-medium.webp`, avif: null, width: 600, height: 400 },
  full: { webp: `/media/gallery/p${id}-full.webp`, avif: null, width: 1600, height: 1067 },
});

const stage = photo(1, 'Wren on stage');
const studio = photo(2, 'The studio');
const road = photo(3, 'The van at sunset');

const page = (rows: GalleryPhoto[]): ListPage<GalleryPhoto, never> => ({
  rows,
  total: rows.length,
  counts: { all: rows.length },
  page: 1,
  pageSize: 200,
});

/** The gallery as the stand-in server holds it, answering the tab's calls. */
function gallery(initial: GalleryPhoto[], routes: Parameters<typeof signedIn>[0] = {}) {
  let rows = [...initial];
  const stub = signedIn({
    'GET /api/admin/gallery': () => json(200, page(rows)),
    'PUT /api/admin/gallery/order': (req: StubRequest) => {
      const { ids } = req.body as { ids: number[] };
      rows = ids.map((id) => rows.find((p) => p.id === id)!);
      return json(200, rows);
    },
    'DELETE /api/admin/gallery/2': () => {
      rows = rows.filter((p) => p.id !== 2);
      return { status: 204 };
    },
    ...routes,
  });
  return { stub, set: (next: GalleryPhoto[]) => (rows = next) };
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Photos in gallery order' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

const pick = (file: File) => userEvent.upload(screen.getByLabelText('Photo'), file);

it('lists the photos in order with their thumbnails, under the Photos tab after Fans', async () => {
  gallery([stage, studio, road]);
  renderAdmin('/admin?tab=photos');
  expect(await screen.findByRole('link', { name: 'Photos', current: 'page' })).toBeInTheDocument();
  await screen.findByText('Wren on stage');
  expect(listed()).toEqual([
    'Photo 1: Wren on stage',
    'Photo 2: The studio',
    'Photo 3: The van at sunset',
  ]);
  const first = within(screen.getByRole('listitem', { name: 'Photo 1: Wren on stage' }));
  expect(first.getByRole('presentation')).toHaveAttribute('src', '/media/gallery/p1-medium.webp');
  expect(first.getByRole('button', { name: 'Move up: Wren on stage' })).toBeDisabled();
  expect(first.getByRole('button', { name: 'Drag to reorder: Wren on stage' })).toBeInTheDocument();
  expect(screen.getByLabelText('Photo')).toHaveAttribute(
    'accept',
    'image/jpeg,image/png,image/webp,image/avif',
  );
});

it('uploads the chosen file with its description as multipart, and lists it', async () => {
  const added = photo(4, 'Fans singing along');
  const { stub, set } = gallery([stage], {
    'POST /api/admin/gallery': () => {
      set([stage, added]);
      return json(201, added);
    },
  });
  renderAdmin('/admin?tab=photos');
  await screen.findByText('Wren on stage');
  // The stand-in fetch is Node's, whose FormData keeps only Node's own files as files.
  await pick(new NodeFile(['jpeg bytes'], 'crowd.jpg', { type: 'image/jpeg' }) as File);
  await userEvent.type(screen.getByLabelText('Description'), 'Fans singing along');
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

  await screen.findByText('Fans singing along', { selector: 'li *' });
  const post = stub.requests.find((r) => r.method === 'POST')!;
  expect(post.headers.get('Content-Type')).toBeNull();
  expect(post.form!.get('alt')).toBe('Fans singing along');
  expect((post.form!.get('photo') as File).name).toBe('crowd.jpg');
  expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
  expect(screen.getByLabelText('Description')).toHaveValue('');
});

it('asks for a description before sending, and shows the server’s sentence when it refuses', async () => {
  const { stub } = gallery([stage], {
    'POST /api/admin/gallery': json(400, {
      statusCode: 400,
      message: 'The photo must be a JPEG, PNG, WebP or AVIF image.',
    }),
  });
  renderAdmin('/admin?tab=photos');
  await screen.findByText('Wren on stage');
  await pick(new File(['#!/bin/sh'], 'evil.jpg', { type: 'image/jpeg' }));
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
  expect(await screen.findByText('Describe the photo')).toBeInTheDocument();
  expect(stub.requests.some((r) => r.method === 'POST')).toBe(false);

  await userEvent.type(screen.getByLabelText('Description'), 'Not really a photo');
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
  expect(
    await screen.findByText('The photo must be a JPEG, PNG, WebP or AVIF image.'),
  ).toBeInTheDocument();
  expect(listed()).toEqual(['Photo 1: Wren on stage']);
});

it('deletes a photo only after the artist confirms', async () => {
  const { stub } = gallery([stage, studio, road]);
  renderAdmin('/admin?tab=photos');
  await screen.findByText('The studio');
  const deleteStudio = () =>
    userEvent.click(screen.getByRole('button', { name: 'Delete: The studio' }));

  await deleteStudio();
  const confirm = within(await screen.findByRole('dialog'));
  expect(
    confirm.getByText('Delete this photo?', { selector: '.ant-modal-confirm-title' }),
  ).toBeInTheDocument();
  await userEvent.click(confirm.getByRole('button', { name: 'Keep' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(stub.requests.some((r) => r.method === 'DELETE')).toBe(false);

  await deleteStudio();
  await userEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(() =>
    expect(listed()).toEqual(['Photo 1: Wren on stage', 'Photo 2: The van at sunset']),
  );
  expect(stub.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
    '/api/admin/gallery/2',
  ]);
});

it('moves a photo at once, saves the whole order, and puts it back with a toast when saving fails', async () => {
  const { stub } = gallery([stage, studio, road]);
  renderAdmin('/admin?tab=photos');
  await screen.findByText('The van at sunset');
  await userEvent.click(screen.getByRole('button', { name: 'Move up: The van at sunset' }));
  await waitFor(() =>
    expect(listed()).toEqual([
      'Photo 1: Wren on stage',
      'Photo 2: The van at sunset',
      'Photo 3: The studio',
    ]),
  );
  const put = stub.requests.find((r) => r.method === 'PUT')!;
  expect([put.path, put.body]).toEqual(['/api/admin/gallery/order', { ids: [1, 3, 2] }]);

  let answer: (value: ReturnType<typeof json>) => void = () => {};
  gallery([stage, studio, road].reverse(), {
    'GET /api/admin/gallery': () => json(200, page([stage, road, studio])),
    'PUT /api/admin/gallery/order': () =>
      new Promise((resolve) => {
        answer = resolve;
      }),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Move down: Wren on stage' }));
  // Shown in the new order while the server has not answered yet…
  await waitFor(() =>
    expect(listed()).toEqual([
      'Photo 1: The van at sunset',
      'Photo 2: Wren on stage',
      'Photo 3: The studio',
    ]),
  );
  // …and back in the old one when it refuses.
  answer(json(400, { statusCode: 400, message: 'ids must list every photo of the gallery.' }));
  await waitFor(() =>
    expect(listed()).toEqual([
      'Photo 1: Wren on stage',
      'Photo 2: The van at sunset',
      'Photo 3: The studio',
    ]),
  );
  expect(await screen.findByText('Failed to save the new order')).toBeInTheDocument();
});
