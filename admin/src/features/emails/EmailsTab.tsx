import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type OutboxEmailSummary } from '@artist/contracts';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { emailColumns, emailFilters } from './columns.js';
import { EmailDialog } from './EmailDialog.js';
import { useGetEmailsQuery } from './emailsApi.js';

export function EmailsTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetEmailsQuery(query.args);
  const [viewing, setViewing] = useState<OutboxEmailSummary | null>(null);
  const toast = useToast();
  const columns = useMemo(() => emailColumns(setViewing), []);

  useEffect(() => {
    if (error) toast.error('Failed to load emails', error);
  }, [error, toast]);

  return (
    <>
      <DataTable<OutboxEmailSummary>
        name={EXPORT_NAMES.emails}
        label="emails"
        exportPath="/admin/emails/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={emailFilters}
        searchPlaceholder="Search recipient, subject, error"
        emptyText="No emails found"
      />
      {viewing && <EmailDialog email={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
