import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type OutboxEmailSummary } from '@artist/contracts';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { emailColumns, emailFilters } from './columns.js';
import { EmailDialog } from './EmailDialog.js';
import { useGetEmailsQuery } from './emailsApi.js';

const emailsList: ListDefinition<OutboxEmailSummary> = {
  name: EXPORT_NAMES.emails,
  label: 'emails',
  exportPath: '/admin/emails/export',
  useList: useGetEmailsQuery,
  filters: emailFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search recipient, subject, error',
  emptyText: 'No emails found',
};

export function EmailsTab() {
  const tab = useListTab(emailsList);
  const [viewing, setViewing] = useState<OutboxEmailSummary | null>(null);
  const columns = useMemo(() => emailColumns(setViewing), []);

  return (
    <>
      <DataTable tab={tab} columns={columns} />
      {viewing && <EmailDialog email={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
