import type { AdminProduct } from '@artist/contracts';
import { Button, Flex, Typography } from 'antd';
import { formatCents } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';
import { variantStock } from './productFormat.js';

export const productFilters: StatusFilter[] = [
  { value: 'all', label: 'All' },
  { value: 'low-stock', label: 'Low stock' },
  { value: 'sold-out', label: 'Sold out' },
];

const THUMB = 40;

function Thumbnail({ image }: { image: string | null }) {
  if (!image) {
    return (
      <span
        role="img"
        aria-label="No image"
        style={{
          display: 'inline-block',
          width: THUMB,
          height: THUMB,
          borderRadius: 4,
          background: '#f2efeb',
          border: '1px dashed #d9d3cc',
          flex: 'none',
        }}
      />
    );
  }
  return (
    <img
      src={image}
      alt=""
      width={THUMB}
      height={THUMB}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
    />
  );
}

export function productColumns(
  onEdit: (product: AdminProduct) => void,
  onStock: (product: AdminProduct) => void,
): DataColumn<AdminProduct>[] {
  return [
    {
      key: 'name',
      title: 'Product',
      sortField: 'name',
      render: (_, p) => (
        <Flex gap={8} align="center">
          <Thumbnail image={p.image} />
          {/* Whole words, where the phone's table breaks long text anywhere (DataTable). */}
          <span style={{ overflowWrap: 'break-word' }}>{p.name}</span>
        </Flex>
      ),
    },
    {
      key: 'price',
      title: 'Price',
      sortField: 'priceInCents',
      // On a phone the name, the stock and the buttons share the width; Edit shows the price.
      responsive: ['sm'],
      render: (_, p) => formatCents(p.priceInCents),
    },
    {
      key: 'sizes',
      title: 'Sizes',
      responsive: ['sm'],
      render: (_, p) =>
        p.variants[0]?.size == null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          p.variants.map((v) => v.size).join(', ')
        ),
    },
    {
      key: 'stock',
      title: 'Stock',
      render: (_, p) => p.variants.map(variantStock).join(' · '),
    },
    {
      key: 'manage',
      title: 'Manage',
      render: (_, p) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          <Button size="small" onClick={() => onStock(p)} aria-label={`Stock of ${p.name}`}>
            Stock
          </Button>
        </Flex>
      ),
    },
  ];
}
