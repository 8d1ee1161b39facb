import { StatusTag } from '../../components/StatusTag.js';
import { CONTACT_SUBJECT_LABELS, type ContactMessage } from '@artist/contracts';
import { Button } from 'antd';
import { formatTimestamp, timeValue } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

export const subjectLabel = (subject: string) =>
  CONTACT_SUBJECT_LABELS[subject as keyof typeof CONTACT_SUBJECT_LABELS] ?? subject;

const fullName = (m: ContactMessage) => `${m.firstName} ${m.lastName}`;

export const contactFilters: StatusFilter<ContactMessage>[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New', match: (m) => m.status !== 'responded' },
  { value: 'responded', label: 'Responded', match: (m) => m.status === 'responded' },
];

/** The fields the server's search looks in, so the CSV export holds the rows on screen. */
export const contactSearchText = (m: ContactMessage) =>
  [m.firstName, m.lastName, m.email, m.subject, m.message].join('\n');

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
      sortValue: (m) => timeValue(m.createdAt),
      render: (_, m) => formatTimestamp(m.createdAt),
    },
    { key: 'name', title: 'Name', sortValue: fullName, render: (_, m) => fullName(m) },
    { key: 'email', title: 'Email', dataIndex: 'email', sortValue: (m) => m.email },
    {
      key: 'subject',
      title: 'Subject',
      sortValue: (m) => subjectLabel(m.subject),
      render: (_, m) => subjectLabel(m.subject),
    },
    {
      key: 'status',
      title: 'Status',
      sortValue: (m) => m.status,
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
