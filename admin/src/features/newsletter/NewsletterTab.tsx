import { useMemo } from 'react';
import { EXPORT_NAMES, type EmailSignup, serverMessage } from '@artist/contracts';
import { errorMessage } from '../../app/api.js';
import { useConfirm } from '../../components/useConfirm.js';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { signupColumns, signupFilters } from './columns.js';
import {
  useGetEmailSignupsQuery,
  useMarkContactedMutation,
  useSendConfirmationMutation,
} from './newsletterApi.js';

const signupsList: ListDefinition<EmailSignup> = {
  name: EXPORT_NAMES.emailSignups,
  label: 'newsletter signups',
  exportPath: '/admin/email-signups/export',
  useList: useGetEmailSignupsQuery,
  filters: signupFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search email',
  emptyText: 'No newsletter signups found',
  rowLabel: (s) => s.email,
};

export function NewsletterTab() {
  const [markContacted] = useMarkContactedMutation();
  const [sendConfirmation] = useSendConfirmationMutation();
  const tab = useListTab(signupsList, {
    bulk: {
      noun: 'signups',
      verb: 'Contacted',
      run: (selection) => markContacted({ ...selection, contacted: true }).unwrap(),
    },
  });
  const { confirm } = useConfirm();

  const columns = useMemo(
    () =>
      signupColumns((signup: EmailSignup) =>
        confirm({
          title: 'Send a confirmation email?',
          content: `${signup.email} is sent an email with a link to confirm; the address rejoins the list only if that link is used.`,
          okText: 'Send',
          cancelText: 'Cancel',
          run: () => sendConfirmation(signup.id).unwrap(),
          success: `Confirmation email sent to ${signup.email}`,
          failure: 'Failed to send the confirmation email',
          describe: (err) => serverMessage(err) ?? errorMessage(err),
        }),
      ),
    [confirm, sendConfirmation],
  );

  return <DataTable tab={tab} columns={columns} primaryAction={tab.bulkAction} />;
}
