import { useEffect, useMemo } from 'react';
import { EXPORT_NAMES, type EmailSignup, serverMessage } from '@artist/contracts';
import { App } from 'antd';
import { errorMessage } from '../../app/api.js';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useBulkAction } from '../table/useBulkAction.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { signupColumns, signupFilters } from './columns.js';
import {
  useGetEmailSignupsQuery,
  useMarkContactedMutation,
  useSendConfirmationMutation,
} from './newsletterApi.js';

export function NewsletterTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetEmailSignupsQuery(query.args);
  const [markContacted] = useMarkContactedMutation();
  const [sendConfirmation] = useSendConfirmationMutation();
  const toast = useToast();
  const { modal } = App.useApp();
  const { selection, action } = useBulkAction({
    noun: 'signups',
    verb: 'Contacted',
    run: (selection) => markContacted({ ...selection, contacted: true }).unwrap(),
  });

  useEffect(() => {
    if (error) toast.error('Failed to load newsletter signups', error);
  }, [error, toast]);

  const columns = useMemo(
    () =>
      signupColumns((signup: EmailSignup) =>
        modal.confirm({
          title: 'Send a confirmation email?',
          content: `${signup.email} is sent an email with a link to confirm; the address rejoins the list only if that link is used.`,
          okText: 'Send',
          cancelText: 'Cancel',
          onOk: async () => {
            try {
              await sendConfirmation(signup.id).unwrap();
              toast.success(`Confirmation email sent to ${signup.email}`);
            } catch (err) {
              toast.error(
                'Failed to send the confirmation email',
                err,
                serverMessage(err) ?? errorMessage(err),
              );
            }
          },
        }),
      ),
    [modal, sendConfirmation, toast],
  );

  return (
    <DataTable<EmailSignup>
      name={EXPORT_NAMES.emailSignups}
      label="newsletter signups"
      exportPath="/admin/email-signups/export"
      query={query}
      page={data}
      loading={isFetching}
      columns={columns}
      filters={signupFilters}
      searchPlaceholder="Search email"
      emptyText="No newsletter signups found"
      selection={selection}
      rowLabel={(s) => s.email}
      primaryAction={action}
    />
  );
}
