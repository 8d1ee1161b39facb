import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type AdminShow } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { useAnnounceShow } from '../campaigns/announce.js';
import { showColumns, showFilters } from './columns.js';
import { ShowDialog } from './ShowDialog.js';
import { useGetShowsQuery } from './showsApi.js';

export function ShowsTab() {
  const query = useTableQuery('published', { field: 'date', order: 'ascend' });
  const { data, isFetching, error } = useGetShowsQuery(query.args);
  const [editing, setEditing] = useState<AdminShow | 'new' | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const toast = useToast();
  const announce = useAnnounceShow();
  const columns = useMemo(() => showColumns(setEditing, announce), [announce]);

  useEffect(() => {
    if (error) toast.error('Failed to load shows', error);
  }, [error, toast]);

  // A saved show is shown where it went: its filter (a new draft is under Draft, not Published)
  // with its row marked, so it never seems to vanish.
  const { setStatus } = query;
  const onSaved = (show: AdminShow) => {
    setStatus(show.listStatus);
    setSaved(show.id);
  };

  return (
    <>
      <DataTable<AdminShow>
        name={EXPORT_NAMES.shows}
        label="shows"
        exportPath="/admin/shows/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={showFilters}
        searchPlaceholder="Search venue, city, time, notes"
        emptyText="No shows found"
        highlightId={saved}
        primaryAction={
          <Button type="primary" onClick={() => setEditing('new')}>
            Create Show
          </Button>
        }
      />
      {editing && (
        <ShowDialog
          show={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
    </>
  );
}
