import { StatusTag } from '../../components/StatusTag.js';
import type { AdminShow } from '@artist/contracts';
import { Button, Flex, Typography } from 'antd';
import { formatDay } from '../../components/format.js';
import { statusFilters } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

export const showFilters = statusFilters({
  published: 'Published',
  draft: 'Draft',
  past: 'Past',
});

export function ShowStatusTag({ show }: { show: AdminShow }) {
  // Past is decided by the server, in the artist's time zone.
  const status = ['draft', 'published'].includes(show.status) ? show.listStatus : 'unknown';
  if (status === 'published') return <StatusTag tone="success">Published</StatusTag>;
  if (status === 'draft') return <StatusTag tone="neutral">Draft</StatusTag>;
  if (status === 'past') return <StatusTag tone="neutral">Past</StatusTag>;
  console.warn(`Unknown show status: ${show.status}`);
  return <StatusTag tone="danger">Unknown Status</StatusTag>;
}

function Tickets({ show }: { show: AdminShow }) {
  if (show.soldOut === 'true') return <StatusTag tone="danger">Sold Out</StatusTag>;
  if (show.ticketButtonType === 'free') return <>Free Show</>;
  if (show.ticketButtonType === 'soon') return <>Tickets Soon</>;
  if (show.ticketButtonType === 'url' && show.ticketUrl) {
    return (
      <Typography.Link href={show.ticketUrl} target="_blank" rel="noopener noreferrer">
        Get Tickets
      </Typography.Link>
    );
  }
  return <Typography.Text type="secondary">—</Typography.Text>;
}

export function showColumns(
  onEdit: (show: AdminShow) => void,
  /** "Announce to fans nearby", offered on published upcoming shows. */
  onAnnounce?: (show: AdminShow) => void,
  /** "Presale" (send a presale code to members), offered on published upcoming shows too. */
  onPresale?: (show: AdminShow) => void,
): DataColumn<AdminShow>[] {
  return [
    {
      key: 'date',
      title: 'Date',
      sortField: 'date',
      render: (_, s) => formatDay(s.date),
    },
    {
      key: 'venue',
      title: 'Venue',
      sortField: 'venue',
      render: (_, s) => (
        <>
          <div>{s.venue}</div>
          <Typography.Text type="secondary">{s.city}</Typography.Text>
        </>
      ),
    },
    { key: 'time', title: 'Time', dataIndex: 'time', responsive: ['md'] },
    {
      key: 'age',
      title: 'Age',
      dataIndex: 'ageRequirement',
      sortField: 'ageRequirement',
      responsive: ['md'],
    },
    {
      key: 'tickets',
      title: 'Tickets',
      responsive: ['sm'],
      render: (_, s) => <Tickets show={s} />,
    },
    {
      key: 'status',
      title: 'Status',
      sortField: 'status',
      render: (_, s) => <ShowStatusTag show={s} />,
    },
    {
      key: 'manage',
      title: 'Manage',
      render: (_, s) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            onClick={() => onEdit(s)}
            aria-label={`Edit ${s.venue} on ${s.date}`}
          >
            Edit
          </Button>
          {onAnnounce && s.listStatus === 'published' && (
            <Button
              size="small"
              onClick={() => onAnnounce(s)}
              aria-label={`Announce ${s.venue} on ${s.date} to fans nearby`}
              title="Announce to fans nearby"
            >
              Announce
            </Button>
          )}
          {onPresale && s.listStatus === 'published' && (
            <Button
              size="small"
              onClick={() => onPresale(s)}
              aria-label={`Send presale code for ${s.venue} on ${s.date}`}
              title="Send presale code to members"
            >
              Presale
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}
