import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type ContactMessage } from '@artist/contracts';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useBulkAction } from '../table/useBulkAction.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { contactColumns, contactFilters } from './columns.js';
import { useGetContactMessagesQuery, useMarkRespondedMutation } from './contactApi.js';
import { MessageDialog } from './MessageDialog.js';

export function ContactTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetContactMessagesQuery(query.args);
  const [markResponded] = useMarkRespondedMutation();
  const [viewing, setViewing] = useState<ContactMessage | null>(null);
  const toast = useToast();
  const columns = useMemo(() => contactColumns(setViewing), []);
  const { selection, action } = useBulkAction({
    noun: 'messages',
    verb: 'Responded',
    run: (selection) => markResponded({ ...selection, status: 'responded' }).unwrap(),
  });

  useEffect(() => {
    if (error) toast.error('Failed to load contact messages', error);
  }, [error, toast]);

  return (
    <>
      <DataTable<ContactMessage>
        name={EXPORT_NAMES.contactMessages}
        label="contact messages"
        exportPath="/admin/contact-messages/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={contactFilters}
        searchPlaceholder="Search name, email, message"
        emptyText="No contact messages found"
        selection={selection}
        rowLabel={(m) => `${m.firstName} ${m.lastName}`}
        primaryAction={action}
      />
      {viewing && <MessageDialog message={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
