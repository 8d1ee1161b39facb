import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type AdminShow } from '@artist/contracts';
import { Button } from 'antd';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { useAnnounceShow } from '../campaigns/announce.js';
import { showColumns, showFilters } from './columns.js';
import { PresaleDialog } from './PresaleDialog.js';
import { ShowDialog } from './ShowDialog.js';
import { useGetShowsQuery } from './showsApi.js';

const showsList: ListDefinition<AdminShow> = {
  name: EXPORT_NAMES.shows,
  label: 'shows',
  exportPath: '/admin/shows/export',
  useList: useGetShowsQuery,
  filters: showFilters,
  defaultStatus: 'published',
  defaultSort: { field: 'date', order: 'ascend' },
  searchPlaceholder: 'Search venue, city, time, notes',
  emptyText: 'No shows found',
};

export function ShowsTab() {
  const tab = useListTab(showsList);
  const [editing, setEditing] = useState<AdminShow | 'new' | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [presale, setPresale] = useState<AdminShow | null>(null);
  const announce = useAnnounceShow();
  const columns = useMemo(() => showColumns(setEditing, announce, setPresale), [announce]);

  // A saved show is shown where it went: its filter (a new draft is under Draft, not Published)
  // with its row marked, so it never seems to vanish.
  const { setStatus } = tab.query;
  const onSaved = (show: AdminShow) => {
    setStatus(show.listStatus);
    setSaved(show.id);
  };

  return (
    <>
      <DataTable
        tab={tab}
        columns={columns}
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
      {presale && <PresaleDialog show={presale} onClose={() => setPresale(null)} />}
    </>
  );
}
