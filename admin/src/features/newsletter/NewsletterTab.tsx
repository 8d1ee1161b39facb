import { useEffect } from 'react';
import { EXPORT_NAMES, type EmailSignup } from '@artist/contracts';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useBulkAction } from '../table/useBulkAction.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { signupColumns, signupFilters } from './columns.js';
import { useGetEmailSignupsQuery, useMarkContactedMutation } from './newsletterApi.js';

export function NewsletterTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetEmailSignupsQuery(query.args);
  const [markContacted] = useMarkContactedMutation();
  const toast = useToast();
  const { selection, action } = useBulkAction({
    noun: 'signups',
    verb: 'Contacted',
    run: (selection) => markContacted({ ...selection, contacted: true }).unwrap(),
  });

  useEffect(() => {
    if (error) toast.error('Failed to load newsletter signups', error);
  }, [error, toast]);

  return (
    <DataTable<EmailSignup>
      name={EXPORT_NAMES.emailSignups}
      label="newsletter signups"
      exportPath="/admin/email-signups/export"
      query={query}
      page={data}
      loading={isFetching}
      columns={signupColumns}
      filters={signupFilters}
      searchPlaceholder="Search email"
      emptyText="No newsletter signups found"
      selection={selection}
      rowLabel={(s) => s.email}
      primaryAction={action}
    />
  );
}
