import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProduct } from '@artist/contracts';
import { makeProduct } from '../../test/fixtures.js';
import { json, renderAdmin, signedIn } from '../../test/render.js';

const dialog = () => within(screen.getByRole('dialog'));

const PORCH_LIGHT: AdminProduct = makeProduct('porch-light', {
  name: 'Porch Light',
  kind: 'digital',
  pricing: 'name-your-price',
  minPriceCents: 800,
  priceInCents: 800,
  tracks: [{ title: 'Porch Light', durationSeconds: 215 }],
  files: [{ id: 1, format: 'MP3 320', bytes: 94_371_840 }],
});

it('lists the releases with price and formats, and creates one at name your price', async () => {
  let releases = [PORCH_LIGHT];
  const stub = signedIn({
    'GET /api/admin/releases': () => json(200, releases),
    'POST /api/admin/products': (req) => {
      const made = makeProduct('gravel-road', req.body as Partial<AdminProduct>);
      releases = [...releases, made];
      return json(201, made);
    },
  });
  renderAdmin('/admin/releases');
  const row = (await screen.findByText('Porch Light')).closest('tr')!;
  expect(row).toHaveTextContent('$8.00 or more');
  expect(row).toHaveTextContent('MP3 320 (90.0 MB)');

  await userEvent.click(screen.getByRole('button', { name: 'New Release' }));
  await userEvent.click(dialog().getByLabelText('Title'));
  await userEvent.paste('Gravel Road');
  const lowest = dialog().getByLabelText('Lowest price ($, 0 for a free download)');
  await userEvent.clear(lowest);
  await userEvent.type(lowest, '5');
  await userEvent.click(dialog().getByLabelText('Tracks, one a line: title, 3:35'));
  await userEvent.paste('Gravel Road, 3:07\nLantern 4:10');
  fireEvent.change(dialog().getByLabelText(/^Release date/), { target: { value: '2099-03-14' } });
  await userEvent.click(dialog().getByRole('button', { name: 'Create Release' }));

  expect(await screen.findByText('Release created')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'POST')!.body).toEqual({
    name: 'Gravel Road',
    description: '',
    image: null,
    sizes: [],
    kind: 'digital',
    pricing: 'name-your-price',
    priceInCents: 500,
    minPriceCents: 500,
    tracks: [
      { title: 'Gravel Road', durationSeconds: 187 },
      { title: 'Lantern', durationSeconds: 250 },
    ],
    releaseDate: '2099-03-14',
  });
  const made = (await screen.findByText('Gravel Road')).closest('tr')!;
  expect(made).toHaveTextContent('2099-03-14');
  expect(row).toHaveTextContent('Out now');
});
