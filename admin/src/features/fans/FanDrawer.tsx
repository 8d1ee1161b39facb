import { useId, useState, type ReactNode } from 'react';
import type { FanHistory } from '@artist/contracts';
import { Alert, Button, Descriptions, Drawer, Flex, Input, Spin, Typography } from 'antd';
import { formatCents, formatTimestamp } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import { subjectLabel } from '../contact/columns.js';
import { productNames } from '../orders/orderFormat.js';
import { today, useDownload } from '../table/downloadCsv.js';
import { NEWSLETTER_TAGS } from './columns.js';
import { useEraseFanMutation, useGetFanQuery } from './fansApi.js';
import { OwedParcelWarning } from './OwedParcelWarning.js';

function Section({ title, empty, items }: { title: string; empty: string; items: ReactNode[] }) {
  return (
    <section>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
        {title} ({items.length})
      </Typography.Title>
      {items.length ? (
        <ul style={{ paddingLeft: 20, margin: 0 }}>{items}</ul>
      ) : (
        <Typography.Text>{empty}</Typography.Text>
      )}
    </section>
  );
}

function History({ history }: { history: FanHistory }) {
  const { fan } = history;
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'first', label: 'First seen', children: formatTimestamp(fan.firstSeenAt) },
          { key: 'spent', label: 'Total spent', children: formatCents(fan.totalSpent) },
          { key: 'newsletter', label: 'Newsletter', children: NEWSLETTER_TAGS[fan.newsletter] },
        ]}
      />
      <Section
        title="Orders"
        empty="No orders."
        items={history.orders.map((o) => (
          <li key={o.id}>
            {formatTimestamp(o.createdAt)}: order #{o.id}, {productNames(o)}, {formatCents(o.total)}
            , {o.fulfillmentStatus}
          </li>
        ))}
      />
      <Section
        title="Newsletter signups"
        empty="No signups."
        items={history.signups.map((s) => (
          <li key={s.id}>
            {formatTimestamp(s.createdAt)}: {s.subscription}
          </li>
        ))}
      />
      <Section
        title="Notify-me requests"
        empty="No notify-me requests."
        items={history.notifyMe.map((n) => (
          <li key={n.id}>
            {formatTimestamp(n.createdAt)}: {n.productName},{' '}
            {n.notified === 'true' ? 'notified' : 'pending'}
          </li>
        ))}
      />
      <Section
        title="Messages"
        empty="No messages."
        items={history.messages.map((m) => (
          <li key={m.id}>
            {formatTimestamp(m.createdAt)}: {subjectLabel(m.subject)}, {m.status}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
              {m.message}
            </Typography.Paragraph>
          </li>
        ))}
      />
    </>
  );
}

/**
 * A fan's page: their whole history, and the two privacy requests. Erasing needs the fan's
 * address typed out, so it cannot happen by a slip of the mouse.
 */
export function FanDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error, isLoading } = useGetFanQuery(id);
  const [erase, { isLoading: erasing }] = useEraseFanMutation();
  const [typed, setTyped] = useState('');
  const [exporting, setExporting] = useState(false);
  const toast = useToast();
  const download = useDownload();
  const confirmId = useId();
  const email = data?.fan.email;
  const confirmed = email !== undefined && typed.trim().toLowerCase() === email;

  const onExport = async () => {
    setExporting(true);
    try {
      // The privacy export: everything the server holds about the fan.
      const filename = await download(`/admin/fans/${id}/export`, `fan-${id}-${today()}.json`);
      toast.success('Exported fan data', filename);
    } catch (err) {
      toast.error('Failed to export fan data', err);
    } finally {
      setExporting(false);
    }
  };

  const onErase = async () => {
    try {
      await erase(id).unwrap();
      toast.success('Fan erased', `Everything held about ${email} was removed.`);
      onClose();
    } catch (err) {
      toast.error('Failed to erase fan', err);
    }
  };

  return (
    <Drawer open title={email ?? 'Fan'} onClose={onClose} size="large" destroyOnHidden>
      {isLoading && <Spin aria-label="Loading fan" />}
      {error && <Alert type="error" title="Failed to load fan" />}
      {data && (
        <>
          <History history={data} />
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 32 }}>
            Privacy requests
          </Typography.Title>
          <Flex vertical gap={12}>
            <div>
              <Button onClick={onExport} loading={exporting}>
                Export data
              </Button>
            </div>
            <Typography.Text>
              Erasing removes their signups, notify-me requests, messages and emails. Their orders
              stay for the books with name, email, address and notes replaced by &apos;erased&apos;.
            </Typography.Text>
            <OwedParcelWarning orders={data.orders} />
            <label htmlFor={confirmId}>Type {data.fan.email} to confirm</label>
            <Input
              id={confirmId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
            />
            <div>
              <Button danger disabled={!confirmed} loading={erasing} onClick={onErase}>
                Erase fan
              </Button>
            </div>
          </Flex>
        </>
      )}
    </Drawer>
  );
}
