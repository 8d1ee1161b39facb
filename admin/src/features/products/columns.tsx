import type { AdminProduct } from '@artist/contracts';
import { Button, Flex, Typography } from 'antd';
import { formatCents } from '../../components/format.js';
import { statusFilters } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';
import { variantStock } from './productFormat.js';

export const productFilters = statusFilters({
  'low-stock': 'Low stock',
  'sold-out': 'Sold out',
  archived: 'Archived',
});

/** What the Manage column offers besides Edit and Stock. */
export interface ProductActions {
  onEdit: (product: AdminProduct) => void;
  onStock: (product: AdminProduct) => void;
  onRestore: (product: AdminProduct) => void;
  /** Moves a product one place earlier (-1) or later (1) in the shop; absent when the list is not in the shop's order. */
  onMove?: (product: AdminProduct, step: -1 | 1) => void;
  /** Whether the product can move that way (it is not first or last in the shop). */
  canMove?: (product: AdminProduct, step: -1 | 1) => boolean;
}

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

export function productColumns({
  onEdit,
  onStock,
  onRestore,
  onMove,
  canMove,
}: ProductActions): DataColumn<AdminProduct>[] {
  return [
    {
      key: 'name',
      title: 'Product',
      sortField: 'name',
      render: (_, p) => (
        <Flex gap={8} align="center">
          <Thumbnail image={p.image} />
          {/* Whole words, where the phone's table breaks long text anywhere (DataTable). */}
          <span style={{ overflowWrap: 'break-word' }}>
            {p.name}
            {p.archivedAt !== null && (
              <Typography.Text type="secondary"> (archived)</Typography.Text>
            )}
          </span>
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
      render: (_, p) =>
        p.archivedAt !== null ? (
          <Button size="small" onClick={() => onRestore(p)} aria-label={`Restore ${p.name}`}>
            Restore
          </Button>
        ) : (
          <Flex gap={8} wrap>
            <Button size="small" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
              Edit
            </Button>
            <Button size="small" onClick={() => onStock(p)} aria-label={`Stock of ${p.name}`}>
              Stock
            </Button>
            {onMove && (
              <>
                <Button
                  size="small"
                  disabled={!canMove?.(p, -1)}
                  onClick={() => onMove(p, -1)}
                  aria-label={`Move ${p.name} earlier in the shop`}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  disabled={!canMove?.(p, 1)}
                  onClick={() => onMove(p, 1)}
                  aria-label={`Move ${p.name} later in the shop`}
                >
                  ↓
                </Button>
              </>
            )}
          </Flex>
        ),
    },
  ];
}
