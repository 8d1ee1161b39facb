import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProduct, ProductInput } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeProduct, makeVariant, tableRows } from '../../test/fixtures.js';
import { PRODUCTS, listRoute } from '../../test/listServer.js';

/** Types a value in one go: antd dialogs re-render slowly per keystroke in jsdom. */
const fill = async (field: HTMLElement, value: string) => {
  await userEvent.click(field);
  await userEvent.paste(value);
};
const dialog = () => within(screen.getByRole('dialog'));

const tshirt = () =>
  makeProduct('tshirt', {
    name: 'Wren Calloway T-Shirt',
    image: '/assets/tshirt.webp',
    position: 2,
    variants: [
      makeVariant('S', 4),
      makeVariant('M', 3, { sold: 3 }),
      makeVariant('L', null),
      makeVariant('XL', 20, { reserved: 2, sold: 1 }),
    ],
  });
const hat = () =>
  makeProduct('hat', {
    name: 'Trucker Hat',
    variants: [makeVariant(null, 0)],
    priceInCents: 2000,
    position: 3,
  });
const poster = () =>
  makeProduct('poster', { name: 'Tour Poster', variants: [makeVariant(null, 40)], position: 1 });

it('lists the products with their stock per size, and filters low stock with the server counts', async () => {
  const stub = signedIn({
    'GET /api/admin/products': listRoute(PRODUCTS, [tshirt(), hat(), poster()]),
  });
  renderAdmin('/admin?tab=products');
  await screen.findByText('Wren Calloway T-Shirt');
  expect(screen.getByRole('link', { name: 'Products', current: 'page' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Low stock (2)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sold out (1)' })).toBeInTheDocument();

  const rowOf = (name: string) => tableRows().find((r) => r.textContent?.includes(name))!;
  const shirt = rowOf('Wren Calloway T-Shirt');
  expect(shirt.cells[1]).toHaveTextContent('$25.00');
  expect(shirt.cells[2]).toHaveTextContent('S, M, L, XL');
  expect(shirt.cells[3].textContent).toBe('S 4 · M 0 sold out · L not tracked · XL 17 (2 held)');
  // The thumbnail is decoration beside the name: empty alt text.
  expect(shirt.querySelector('img')).toHaveAttribute('src', '/assets/tshirt.webp');
  const hatRow = rowOf('Trucker Hat');
  expect(hatRow.cells[2]).toHaveTextContent('—');
  expect(hatRow.cells[3].textContent).toBe('0 sold out');
  expect(within(hatRow).getByRole('img', { name: 'No image' })).toBeInTheDocument();
  expect(rowOf('Tour Poster').cells[3].textContent).toBe('40 left');
  // The shop's order, asked of the server.
  expect(tableRows().map((r) => r.cells[0].textContent)).toEqual([
    'Tour Poster',
    'Wren Calloway T-Shirt',
    'Trucker Hat',
  ]);
  const asked = stub.requests.filter((r) => r.path === '/api/admin/products').at(-1)!;
  expect(asked.query.get('sort')).toBe('position');

  await userEvent.click(screen.getByRole('button', { name: 'Low stock (2)' }));
  await waitFor(() => expect(tableRows()).toHaveLength(2));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?status=low-stock');
  const last = stub.requests.filter((r) => r.path === '/api/admin/products').at(-1)!;
  expect(last.query.get('status')).toBe('low-stock');
  expect(screen.queryByText('Tour Poster')).toBeNull();
});

it('adds a product, showing what is wrong before sending it', async () => {
  let list = [poster()];
  const stub = signedIn({
    'GET /api/admin/products': (req) => listRoute(PRODUCTS, list)(req),
    'POST /api/admin/products': (req) => {
      const body = req.body as ProductInput;
      const created = makeProduct('sticker-pack', {
        ...body,
        variants: body.sizes.length
          ? body.sizes.map((s) => makeVariant(s, null))
          : [makeVariant(null, null)],
      });
      list = [...list, created];
      return json(201, created);
    },
  });
  renderAdmin('/admin?tab=products');
  await screen.findByText('Tour Poster');
  await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  await userEvent.click(dialog().getByRole('button', { name: 'Add Product' }));
  expect(await dialog().findByText('Name is required')).toBeInTheDocument();
  expect(dialog().getByText('Enter the price')).toBeInTheDocument();

  await fill(dialog().getByLabelText('Name'), 'x'.repeat(121));
  await fill(dialog().getByLabelText('Price'), '0.5');
  await fill(dialog().getByLabelText('Image address'), '/images/sticker.png');
  await userEvent.click(dialog().getByRole('button', { name: 'Add Product' }));
  expect(await dialog().findByText('Name must be at most 120 characters')).toBeInTheDocument();
  expect(dialog().getByText('Price must be at least $1.00')).toBeInTheDocument();
  expect(
    dialog().getByText('Image must be a path under /assets/ or an https:// address'),
  ).toBeInTheDocument();
  expect(stub.requests.some((r) => r.method === 'POST')).toBe(false);

  await userEvent.clear(dialog().getByLabelText('Name'));
  await fill(dialog().getByLabelText('Name'), '  Sticker Pack ');
  await fill(dialog().getByLabelText('Description'), 'Five vinyl stickers');
  await userEvent.clear(dialog().getByLabelText('Price'));
  await fill(dialog().getByLabelText('Price'), '8.5');
  await userEvent.clear(dialog().getByLabelText('Image address'));
  await userEvent.click(dialog().getByRole('button', { name: 'Add Product' }));

  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  const post = stub.requests.find((r) => r.method === 'POST')!;
  expect(post.body).toEqual({
    name: 'Sticker Pack',
    description: 'Five vinyl stickers',
    priceInCents: 850,
    image: null,
    sizes: [],
    preOrderUntil: null,
    taxCode: 'txcd_30011000',
  });
  const row = (await screen.findByText('Sticker Pack')).closest('tr')!;
  expect(row).toHaveClass('data-table__row--highlight');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('edits the price and sizes, and shows the reason the server refuses', async () => {
  let shirt: AdminProduct = tshirt();
  const stub = signedIn({
    'GET /api/admin/products': (req) => listRoute(PRODUCTS, [shirt])(req),
    'PUT /api/admin/products/tshirt': (req) => {
      const body = req.body as ProductInput;
      if (!body.sizes.includes('XL')) {
        return json(409, {
          statusCode: 409,
          message: '2 of the Wren Calloway T-Shirt - XL are held by open checkouts.',
        });
      }
      shirt = { ...shirt, priceInCents: body.priceInCents };
      return json(200, shirt);
    },
  });
  renderAdmin('/admin?tab=products');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Wren Calloway T-Shirt' }));
  expect(dialog().getByText('Edit Product')).toBeInTheDocument();
  const price = dialog().getByLabelText('Price');
  expect(price).toHaveValue('25.00');
  const sizes = () =>
    within(dialog().getByRole('list', { name: "Sizes, in the shop's order" }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.ant-tag')!.textContent);
  expect(sizes()).toEqual(['S', 'M', 'L', 'XL']);

  await userEvent.click(dialog().getByRole('button', { name: 'Remove size XL' }));
  expect(sizes()).toEqual(['S', 'M', 'L']);
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Failed to update product')).toBeInTheDocument();
  expect(
    screen.getByText('2 of the Wren Calloway T-Shirt - XL are held by open checkouts.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();

  // Her own sizes: a size named twice or too long is refused with the API's sentence.
  const newSize = dialog().getByRole('textbox', { name: 'New size' });
  await fill(newSize, 'm');
  await userEvent.click(dialog().getByRole('button', { name: 'Add size' }));
  expect(dialog().getByRole('alert')).toHaveTextContent(
    'Each size is named once: "m" is listed twice.',
  );
  await userEvent.clear(newSize);
  await fill(newSize, 'Youth Medium+');
  await userEvent.click(dialog().getByRole('button', { name: 'Add size' }));
  expect(dialog().getByRole('alert')).toHaveTextContent(
    'A size is at most 12 characters: "Youth Medium+" is 13.',
  );
  await userEvent.clear(newSize);
  await fill(newSize, 'Youth M');
  await userEvent.keyboard('{Enter}');
  await userEvent.clear(newSize);
  await fill(newSize, 'XL');
  await userEvent.click(dialog().getByRole('button', { name: 'Add size' }));
  expect(sizes()).toEqual(['S', 'M', 'L', 'Youth M', 'XL']);
  await userEvent.click(dialog().getByRole('button', { name: 'Move XL earlier' }));
  expect(sizes()).toEqual(['S', 'M', 'L', 'XL', 'Youth M']);

  await userEvent.clear(price);
  await fill(price, '28');
  fireEvent.change(dialog().getByLabelText('Pre-order until'), {
    target: { value: '2027-03-01' },
  });
  const taxCode = dialog().getByLabelText('Tax code');
  expect(taxCode).toHaveValue('txcd_30011000');
  await userEvent.clear(taxCode);
  await fill(taxCode, 'txcd_20030000');
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  const put = stub.requests.filter((r) => r.method === 'PUT').at(-1)!;
  expect(put.body).toEqual({
    name: 'Wren Calloway T-Shirt',
    description: '',
    priceInCents: 2800,
    image: '/assets/tshirt.webp',
    sizes: ['S', 'M', 'L', 'XL', 'Youth M'],
    preOrderUntil: '2027-03-01',
    taxCode: 'txcd_20030000',
  });
  await waitFor(() => expect(tableRows()[0].cells[1]).toHaveTextContent('$28.00'));
});

it('sets a size’s stock and stops tracking another, one call per changed size', async () => {
  const stub = signedIn({
    'GET /api/admin/products': listRoute(PRODUCTS, [tshirt()]),
    'PUT /api/admin/products/tshirt/stock': json(200, tshirt()),
  });
  renderAdmin('/admin?tab=products');
  await userEvent.click(
    await screen.findByRole('button', { name: 'Stock of Wren Calloway T-Shirt' }),
  );
  const xl = within(dialog().getByRole('region', { name: 'XL' }));
  expect(xl.getByText('Held by open checkouts').nextSibling).toHaveTextContent('2');
  expect(xl.getByText('Sold').nextSibling).toHaveTextContent('1');
  expect(xl.getByText('Left').nextSibling).toHaveTextContent('17');
  // On hand: the 20 set, less the 1 sold since.
  expect(xl.getByLabelText('XL: in stock')).toHaveValue('19');
  const large = dialog().getByLabelText('Large (L): in stock');
  expect(large).toBeDisabled();
  expect(dialog().getByLabelText('Large (L): not tracked')).toBeChecked();

  await userEvent.click(dialog().getByLabelText('Large (L): not tracked'));
  // Unticked, the box waits for a number: no complaint before one is typed or Save is pressed.
  await waitFor(() => expect(large).toBeEnabled());
  await userEvent.click(large);
  await userEvent.tab();
  expect(dialog().queryByText('Enter how many you have, or tick Not tracked')).toBeNull();
  await userEvent.click(dialog().getByRole('button', { name: 'Save Stock' }));
  expect(
    await dialog().findByText('Enter how many you have, or tick Not tracked'),
  ).toBeInTheDocument();

  await fill(large, '12');
  await userEvent.click(dialog().getByLabelText('Small (S): not tracked'));
  await userEvent.click(dialog().getByRole('button', { name: 'Save Stock' }));
  expect(await screen.findByText('Stock updated')).toBeInTheDocument();
  expect(stub.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
    { size: 'S', stock: null },
    { size: 'L', stock: 12 },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('shows why the server refuses a count below what open checkouts hold', async () => {
  const refusal = '2 of the Wren Calloway T-Shirt - XL are held by open checkouts; set at least 2.';
  signedIn({
    'GET /api/admin/products': listRoute(PRODUCTS, [tshirt()]),
    'PUT /api/admin/products/tshirt/stock': json(409, { statusCode: 409, message: refusal }),
  });
  renderAdmin('/admin?tab=products');
  await userEvent.click(
    await screen.findByRole('button', { name: 'Stock of Wren Calloway T-Shirt' }),
  );
  const xl = dialog().getByLabelText('XL: in stock');
  await userEvent.clear(xl);
  await fill(xl, '1');
  await userEvent.click(dialog().getByRole('button', { name: 'Save Stock' }));
  expect(await screen.findByText('Failed to update stock')).toBeInTheDocument();
  expect(screen.getByText(refusal)).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

it("adds a product's photos from its dialog, orders them and shows the first as the card's", async () => {
  const photo = (name: string) => ({
    medium: { webp: `/media/gallery/${name}-medium.webp`, avif: null, width: 600, height: 600 },
    full: { webp: `/media/gallery/${name}-full.webp`, avif: null, width: 1600, height: 1200 },
  });
  const a = photo('a');
  let shirt = tshirt();
  const stub = signedIn({
    'GET /api/admin/products': (req) => listRoute(PRODUCTS, [shirt])(req),
    'POST /api/admin/products/tshirt/images': json(201, { url: a.full.webp }),
    'PUT /api/admin/products/tshirt/images': (req) => {
      const { images } = req.body as { images: string[] };
      const first = images[0] === a.full.webp;
      shirt = {
        ...shirt,
        images,
        image: first ? a.medium.webp : images[0]!,
        photo: first ? a : null,
      };
      return json(200, shirt);
    },
  });
  renderAdmin('/admin?tab=products');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Wren Calloway T-Shirt' }));
  expect(
    dialog().getByRole('img', { name: 'Photo 1 of Wren Calloway T-Shirt (the card’s)' }),
  ).toHaveAttribute('src', '/assets/tshirt.webp');
  await userEvent.upload(
    dialog().getByLabelText('Photos'),
    new NodeFile(['jpeg bytes'], 'shirt.jpg', { type: 'image/jpeg' }) as File,
  );
  expect(await screen.findByText('Photo added')).toBeInTheDocument();
  const post = stub.requests.find((r) => r.method === 'POST')!;
  expect((post.form!.get('file') as File).name).toBe('shirt.jpg');
  expect(dialog().getByRole('img', { name: 'Photo 2 of Wren Calloway T-Shirt' })).toHaveAttribute(
    'src',
    a.full.webp,
  );

  await userEvent.click(dialog().getByRole('button', { name: 'Move photo 2 earlier' }));
  await waitFor(() =>
    expect(
      dialog().getByRole('img', { name: 'Photo 1 of Wren Calloway T-Shirt (the card’s)' }),
    ).toHaveAttribute('src', a.full.webp),
  );
  const order = stub.requests.filter((r) => r.method === 'PUT').at(-1)!;
  expect(order.body).toEqual({ images: [a.full.webp, '/assets/tshirt.webp'] });
  // The card's photo is the first one's square, as the image address the form sends back.
  expect(dialog().getByLabelText('Image address')).toHaveValue(a.medium.webp);
});

it('archives a product that was ordered, lists it under Archived and restores it', async () => {
  let list = [tshirt(), poster()];
  const archived = () => ({ ...tshirt(), archivedAt: '2026-11-25T12:00:00.000Z' });
  const stub = signedIn({
    'GET /api/admin/products': (req) => listRoute(PRODUCTS, list)(req),
    'DELETE /api/admin/products/tshirt': () => {
      list = [archived(), poster()];
      return json(200, { outcome: 'archived', product: archived() });
    },
    'POST /api/admin/products/tshirt/restore': () => {
      list = [tshirt(), poster()];
      return json(200, tshirt());
    },
  });
  renderAdmin('/admin?tab=products');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Wren Calloway T-Shirt' }));
  await userEvent.click(dialog().getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
  const confirm = within(screen.getAllByRole('dialog')[1]!);
  expect(
    confirm.getByText('Delete this product?', { selector: '.ant-modal-confirm-title' }),
  ).toBeInTheDocument();
  await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
  expect(
    await screen.findByText('Product archived: it was ordered, so it stays on its orders'),
  ).toBeInTheDocument();

  await userEvent.click(await screen.findByRole('button', { name: 'Archived (1)' }));
  await waitFor(() => expect(tableRows()).toHaveLength(1));
  expect(tableRows()[0]).toHaveTextContent('Wren Calloway T-Shirt (archived)');
  await userEvent.click(screen.getByRole('button', { name: 'Restore Wren Calloway T-Shirt' }));
  expect(await screen.findByText('Wren Calloway T-Shirt is back in the shop')).toBeInTheDocument();
  expect(stub.requests.filter((r) => r.method !== 'GET').map((r) => r.path)).toEqual([
    '/api/admin/products/tshirt',
    '/api/admin/products/tshirt/restore',
  ]);
});

it('moves a product earlier in the shop with the whole order', async () => {
  const stub = signedIn({
    'GET /api/admin/products': listRoute(PRODUCTS, [tshirt(), hat(), poster()]),
    'PUT /api/admin/products/order': (req) => json(200, (req.body as { ids: string[] }).ids),
  });
  renderAdmin('/admin?tab=products');
  await screen.findByText('Trucker Hat');
  expect(
    screen.getByRole('button', { name: 'Move Tour Poster earlier in the shop' }),
  ).toBeDisabled();
  await userEvent.click(
    screen.getByRole('button', { name: 'Move Trucker Hat earlier in the shop' }),
  );
  await waitFor(() => expect(stub.requests.some((r) => r.method === 'PUT')).toBe(true));
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({
    ids: ['poster', 'hat', 'tshirt'],
  });
});

it("edits a digital release with a release's fields only: no sizes, pre-order date or tax code", async () => {
  const release = makeProduct('porch-light', {
    name: 'Porch Light',
    kind: 'digital',
    pricing: 'name-your-price',
    priceInCents: 0,
    minPriceCents: 0,
    variants: [makeVariant(null, null)],
  });
  const stub = signedIn({
    'GET /api/admin/products': listRoute(PRODUCTS, [release]),
    'PUT /api/admin/products/porch-light': json(200, release),
  });
  renderAdmin('/admin?tab=products');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Porch Light' }));
  expect(dialog().getByText('Edit Release')).toBeInTheDocument();
  expect(dialog().queryByText('Sizes')).not.toBeInTheDocument();
  expect(dialog().queryByLabelText('Pre-order until')).not.toBeInTheDocument();
  expect(dialog().queryByLabelText('Tax code')).not.toBeInTheDocument();
  // A free download's lowest price is 0.
  expect(dialog().getByLabelText('Lowest price (0 for a free download)')).toHaveValue('0.00');
  fireEvent.change(dialog().getByLabelText('Release date'), { target: { value: '2099-03-14' } });
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({
    name: 'Porch Light',
    description: '',
    priceInCents: 0,
    pricing: 'name-your-price',
    minPriceCents: 0,
    image: null,
    sizes: [],
    releaseDate: '2099-03-14',
  });
});
