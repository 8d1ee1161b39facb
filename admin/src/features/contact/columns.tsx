import { StatusTag } from '../../components/StatusTag.js';
import { CONTACT_SUBJECT_LABELS, type ContactMessage } from '@artist/contracts';
import { Button } from 'antd';
import { formatTimestamp } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

export const subjectLabel = (subject: string) =>
  CONTACT_SUBJECT_LABELS[subject as keyof typeof CONTACT_SUBJECT_LABELS] ?? subject;

const fullName = (m: ContactMessage) => `${m.firstName} ${m.lastName}`;

export const contactFilters: StatusFilter[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'responded', label: 'Responded' },
];

export function MessageStatusTag({ status }: { status: string }) {
  return status === 'responded' ? (
    <StatusTag tone="success">Responded</StatusTag>
  ) : (
    <StatusTag tone="info">New</StatusTag>
  );
}

export function contactColumns(onView: (m: ContactMessage) => void): DataColumn<ContactMessage>[] {
  return [
    {
      key: 'createdAt',
      title: 'Date',
      sortField: 'createdAt',
      render: (_, m) => formatTimestamp(m.createdAt),
    },
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
    {
      key: 'view',
      title: 'View',
      render: (_, m) => (
        <Button
          size="small"
          onClick={() => onView(m)}
          aria-label={`View message from ${fullName(m)}`}
        >
          View
        </Button>
      ),
    },
  ];
}
