import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type DiscountCode } from '@artist/contracts';
import { Button } from 'antd';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { discountColumns, discountFilters } from './columns.js';
import { DiscountDialog } from './DiscountDialog.js';
import { useGetDiscountsQuery } from './discountsApi.js';

const discountsList: ListDefinition<DiscountCode> = {
  name: EXPORT_NAMES.discounts,
  label: 'discount codes',
  exportPath: '/admin/discounts/export',
  useList: useGetDiscountsQuery,
  filters: discountFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search codes',
  emptyText: 'No discount codes yet',
};

/** The Discounts area: the artist's codes on the shared table block. */
export function DiscountsTab() {
  const tab = useListTab(discountsList);
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const columns = useMemo(() => discountColumns(setEditing), []);

  return (
    <>
      <DataTable
        tab={tab}
        columns={columns}
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
