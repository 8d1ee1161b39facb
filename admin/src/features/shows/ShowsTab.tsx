import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type AdminShow } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { showColumns, showFilters, showSearchText } from './columns.js';
import { ShowDialog } from './ShowDialog.js';
import { useGetShowsQuery } from './showsApi.js';

export function ShowsTab() {
  const { data, isFetching, error } = useGetShowsQuery();
  const [editing, setEditing] = useState<AdminShow | 'new' | null>(null);
  const toast = useToast();
  const columns = useMemo(() => showColumns(setEditing), []);

  useEffect(() => {
    if (error) toast.error('Failed to load shows', error);
  }, [error, toast]);

  return (
    <>
      <DataTable<AdminShow>
        name={EXPORT_NAMES.shows}
        label="shows"
        exportPath="/admin/shows/export"
        rows={data}
        loading={isFetching}
        columns={columns}
        filters={showFilters}
        defaultStatus="published"
        defaultSort={{ key: 'date', order: 'ascend' }}
        searchText={showSearchText}
        searchPlaceholder="Search venue, city, time, notes"
        emptyText="No shows found"
        primaryAction={
          <Button type="primary" onClick={() => setEditing('new')}>
            Create Show
          </Button>
        }
      />
      {editing && (
        <ShowDialog show={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
