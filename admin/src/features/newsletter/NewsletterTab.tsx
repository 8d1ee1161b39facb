import { useEffect } from 'react';
import { EXPORT_NAMES, type EmailSignup } from '@artist/contracts';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useBulkAction } from '../table/useBulkAction.js';
import { signupColumns, signupFilters, signupSearchText } from './columns.js';
import { useGetEmailSignupsQuery, useMarkContactedMutation } from './newsletterApi.js';

export function NewsletterTab() {
  const { data, isFetching, error } = useGetEmailSignupsQuery();
  const [markContacted] = useMarkContactedMutation();
  const toast = useToast();
  const { selection, action } = useBulkAction({
    noun: 'signups',
    verb: 'Contacted',
    run: (ids) => markContacted({ ids, contacted: true }).unwrap(),
  });

  useEffect(() => {
    if (error) toast.error('Failed to load newsletter signups', error);
  }, [error, toast]);

  return (
    <DataTable<EmailSignup>
      name={EXPORT_NAMES.emailSignups}
      label="newsletter signups"
      exportPath="/admin/email-signups/export"
      rows={data}
      loading={isFetching}
      columns={signupColumns}
      filters={signupFilters}
      defaultSort={{ key: 'createdAt', order: 'descend' }}
      searchText={signupSearchText}
      searchPlaceholder="Search email"
      emptyText="No newsletter signups found"
      selection={selection}
      rowLabel={(s) => s.email}
      primaryAction={action}
    />
  );
}
