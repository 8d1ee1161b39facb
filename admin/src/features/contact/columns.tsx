import { StatusTag } from '../../components/StatusTag.js';
import { CONTACT_SUBJECT_LABELS, type ContactMessage } from '@artist/contracts';
import { buttonColumn, statusFilters, timeColumn } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

export const subjectLabel = (subject: string) =>
  CONTACT_SUBJECT_LABELS[subject as keyof typeof CONTACT_SUBJECT_LABELS] ?? subject;

const fullName = (m: ContactMessage) => `${m.firstName} ${m.lastName}`;

export const contactFilters = statusFilters({
  new: 'New',
  responded: 'Responded',
});

export function MessageStatusTag({ status }: { status: string }) {
  return status === 'responded' ? (
    <StatusTag tone="success">Responded</StatusTag>
  ) : (
    <StatusTag tone="info">New</StatusTag>
  );
}

export function contactColumns(onView: (m: ContactMessage) => void): DataColumn<ContactMessage>[] {
  return [
    timeColumn('createdAt'),
    { key: 'name', title: 'Name', sortField: 'name', render: (_, m) => fullName(m) },
    {
      key: 'email',
      title: 'Email',
      dataIndex: 'email',
      sortField: 'email',
      responsive: ['sm'],
    },
    {
      key: 'subject',
      title: 'Subject',
      sortField: 'subject',
      responsive: ['md'],
      render: (_, m) => subjectLabel(m.subject),
    },
    {
      key: 'status',
      title: 'Status',
      sortField: 'status',
      render: (_, m) => <MessageStatusTag status={m.status} />,
    },
    buttonColumn('View', onView, (m) => `View message from ${fullName(m)}`),
  ];
}
