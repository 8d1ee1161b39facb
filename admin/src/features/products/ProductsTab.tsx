import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type AdminProduct } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { ALL, useTableQuery } from '../table/useTableQuery.js';
import { productColumns, productFilters } from './columns.js';
import { ProductDialog } from './ProductDialog.js';
import { inFilter } from './productFormat.js';
import { useGetProductsQuery } from './productsApi.js';
import { StockDialog } from './StockDialog.js';

export function ProductsTab() {
  const query = useTableQuery(ALL, { field: 'name', order: 'ascend' });
  const { data, isFetching, error } = useGetProductsQuery(query.args);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [stocking, setStocking] = useState<AdminProduct | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const toast = useToast();
  const columns = useMemo(() => productColumns(setEditing, setStocking), []);

  useEffect(() => {
    if (error) toast.error('Failed to load products', error);
  }, [error, toast]);

  // A saved product is shown with its row marked; when it has left the filter on screen (a
  // restocked size under Sold out, say), the list turns to All so it does not seem to vanish.
  const { status, setStatus } = query;
  const onSaved = (product: AdminProduct) => {
    if (!inFilter(product, status)) setStatus(ALL);
    setSaved(product.id);
  };

  return (
    <>
      <DataTable<AdminProduct>
        name={EXPORT_NAMES.products}
        label="products"
        exportPath="/admin/products/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={productFilters}
        searchPlaceholder="Search name, description"
        emptyText="No products found"
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
