import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type Fan } from '@artist/contracts';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { fanColumns, fanFilters } from './columns.js';
import { FanDrawer } from './FanDrawer.js';
import { useGetFansQuery } from './fansApi.js';

const fansList: ListDefinition<Fan> = {
  name: EXPORT_NAMES.fans,
  label: 'fans',
  exportPath: '/admin/fans/export',
  useList: useGetFansQuery,
  filters: fanFilters,
  defaultSort: { field: 'firstSeenAt', order: 'descend' },
  searchPlaceholder: 'Search email',
  emptyText: 'No fans found',
};

/** Everyone who ordered, signed up, asked to be notified or wrote in: one row per address. */
export function FansTab() {
  const tab = useListTab(fansList);
  const [viewing, setViewing] = useState<number | null>(null);
  const columns = useMemo(() => fanColumns((fan) => setViewing(fan.id)), []);

  return (
    <>
      <DataTable tab={tab} columns={columns} />
      {viewing !== null && <FanDrawer id={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
