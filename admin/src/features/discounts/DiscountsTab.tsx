import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type DiscountCode } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { discountColumns, discountFilters } from './columns.js';
import { DiscountDialog } from './DiscountDialog.js';
import { useGetDiscountsQuery } from './discountsApi.js';

/** The Discounts area: the artist's codes on the shared table block. */
export function DiscountsTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetDiscountsQuery(query.args);
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const toast = useToast();
  const columns = useMemo(() => discountColumns(setEditing), []);

  useEffect(() => {
    if (error) toast.error('Failed to load discount codes', error);
  }, [error, toast]);

  return (
    <>
      <DataTable<DiscountCode>
        name={EXPORT_NAMES.discounts}
        label="discount codes"
        exportPath="/admin/discounts/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={discountFilters}
        searchPlaceholder="Search codes"
        emptyText="No discount codes yet"
        highlightId={saved}
        primaryAction={
          <Button type="primary" onClick={() => setEditing('new')}>
            Create Code
          </Button>
        }
      />
      {editing && (
        <DiscountDialog
          discount={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(d) => setSaved(d.id)}
        />
      )}
    </>
  );
}
