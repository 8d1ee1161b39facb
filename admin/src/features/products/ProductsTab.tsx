import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type AdminProduct } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { ALL } from '../table/useTableQuery.js';
import { productColumns, productFilters } from './columns.js';
import { ProductDialog } from './ProductDialog.js';
import { inFilter } from './productFormat.js';
import {
  useGetProductsQuery,
  useReorderProductsMutation,
  useRestoreProductMutation,
} from './productsApi.js';
import { StockDialog } from './StockDialog.js';

const productsList: ListDefinition<AdminProduct> = {
  name: EXPORT_NAMES.products,
  label: 'products',
  exportPath: '/admin/products/export',
  useList: useGetProductsQuery,
  filters: productFilters,
  // The shop's order by default, so the list reads as the shop does and can be reordered.
  defaultSort: { field: 'position', order: 'ascend' },
  searchPlaceholder: 'Search name, description',
  emptyText: 'No products found',
};

export function ProductsTab() {
  const tab = useListTab(productsList);
  const { query, page: data } = tab;
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [stocking, setStocking] = useState<AdminProduct | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [restore] = useRestoreProductMutation();
  const [reorder] = useReorderProductsMutation();
  const toast = useToast();

  // Moving is offered while the whole shop is on screen in its order: the new order names every
  // product in the shop.
  const inShop = useMemo(() => (data?.rows ?? []).filter((p) => p.archivedAt === null), [data]);
  const wholeShop =
    query.status === ALL &&
    query.args.search === '' &&
    query.args.sort === 'position' &&
    data !== undefined &&
    data.rows.length === data.total;

  const columns = useMemo(() => {
    const ids = inShop.map((p) => p.id);
    return productColumns({
      onEdit: setEditing,
      onStock: setStocking,
      onRestore: async (product) => {
        try {
          await restore(product.id).unwrap();
          toast.success(`${product.name} is back in the shop`);
        } catch (err) {
          toast.error('Failed to restore product', err);
        }
      },
      ...(wholeShop && {
        canMove: (product, step) => {
          const at = ids.indexOf(product.id);
          return at >= 0 && at + step >= 0 && at + step < ids.length;
        },
        onMove: async (product, step) => {
          const at = ids.indexOf(product.id);
          const next = [...ids];
          [next[at], next[at + step]] = [next[at + step]!, next[at]!];
          try {
            await reorder(next).unwrap();
            setSaved(product.id);
          } catch (err) {
            toast.error('Failed to reorder products', err);
          }
        },
      }),
    });
  }, [inShop, wholeShop, restore, reorder, toast]);

  // A saved product is shown with its row marked; when it has left the filter on screen (a
  // restocked size under Sold out, say), the list turns to All so it does not seem to vanish.
  const { status, setStatus } = query;
  const onSaved = (product: AdminProduct) => {
    if (!inFilter(product, status)) setStatus(ALL);
    setSaved(product.id);
  };

  return (
    <>
      <DataTable
        tab={tab}
        columns={columns}
        highlightId={saved}
        primaryAction={
          <Button type="primary" onClick={() => setEditing('new')}>
            Add Product
          </Button>
        }
      />
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
      {stocking && (
        <StockDialog product={stocking} onClose={() => setStocking(null)} onSaved={onSaved} />
      )}
    </>
  );
}
