import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type ContactMessage } from '@artist/contracts';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { contactColumns, contactFilters } from './columns.js';
import { useGetContactMessagesQuery, useMarkRespondedMutation } from './contactApi.js';
import { MessageDialog } from './MessageDialog.js';

const contactList: ListDefinition<ContactMessage> = {
  name: EXPORT_NAMES.contactMessages,
  label: 'contact messages',
  exportPath: '/admin/contact-messages/export',
  useList: useGetContactMessagesQuery,
  filters: contactFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search name, email, message',
  emptyText: 'No contact messages found',
  rowLabel: (m) => `${m.firstName} ${m.lastName}`,
};

export function ContactTab() {
  const [markResponded] = useMarkRespondedMutation();
  const tab = useListTab(contactList, {
    bulk: {
      noun: 'messages',
      verb: 'Responded',
      run: (selection) => markResponded({ ...selection, status: 'responded' }).unwrap(),
    },
  });
  const [viewing, setViewing] = useState<ContactMessage | null>(null);
  const columns = useMemo(() => contactColumns(setViewing), []);

  return (
    <>
      <DataTable tab={tab} columns={columns} primaryAction={tab.bulkAction} />
      {viewing && <MessageDialog message={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
