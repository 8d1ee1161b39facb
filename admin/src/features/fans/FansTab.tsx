import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type Fan } from '@artist/contracts';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { fanColumns, fanFilters } from './columns.js';
import { FanDrawer } from './FanDrawer.js';
import { useGetFansQuery } from './fansApi.js';

/** Everyone who ordered, signed up, asked to be notified or wrote in: one row per address. */
export function FansTab() {
  const query = useTableQuery('all', { field: 'firstSeenAt', order: 'descend' });
  const { data, isFetching, error } = useGetFansQuery(query.args);
  const [viewing, setViewing] = useState<number | null>(null);
  const toast = useToast();
  const columns = useMemo(() => fanColumns((fan) => setViewing(fan.id)), []);

  useEffect(() => {
    if (error) toast.error('Failed to load fans', error);
  }, [error, toast]);

  return (
    <>
      <DataTable<Fan>
        name={EXPORT_NAMES.fans}
        label="fans"
        exportPath="/admin/fans/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={fanFilters}
        searchPlaceholder="Search email"
        emptyText="No fans found"
      />
      {viewing !== null && <FanDrawer id={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
