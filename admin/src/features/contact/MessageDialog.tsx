import { useState } from 'react';
import { CONTACT_STATUSES, type ContactMessage, type ContactStatus } from '@artist/contracts';
import { Button, Descriptions, Modal, Select, Typography } from 'antd';
import { CopyButton } from '../../components/CopyButton.js';
import { formatTimestamp } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import { subjectLabel } from './columns.js';
import { useUpdateMessageStatusMutation } from './contactApi.js';

/**
 * A `mailto:` link whose address and headers are percent-encoded, so a `?`, `&` or `#` inside
 * them (`&cc=`, `?bcc=`) stays text and adds no recipient or header. `@` is kept readable.
 */
export function mailtoHref(to: string, headers: Record<string, string>): string {
  const address = encodeURIComponent(to).replace(/%40/g, '@');
  const query = Object.entries(headers)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `mailto:${address}${query ? `?${query}` : ''}`;
}

/** A mail draft to the sender whose subject is 'Re: ' plus the original subject. */
export const replyHref = (m: ContactMessage) =>
  mailtoHref(m.email, { subject: `Re: ${subjectLabel(m.subject)}` });

export function MessageDialog({
  message,
  onClose,
}: {
  message: ContactMessage;
  onClose: () => void;
}) {
  const [updateStatus, { isLoading }] = useUpdateMessageStatusMutation();
  const [status, setStatus] = useState(message.status);
  // Replying happens in the mail program; once the draft is opened, one click records it here.
  const [replied, setReplied] = useState(false);
  const toast = useToast();

  const onStatusChange = async (next: ContactStatus) => {
    const previous = status;
    setStatus(next);
    try {
      await updateStatus({ id: message.id, status: next }).unwrap();
      toast.success('Status updated successfully');
    } catch (err) {
      setStatus(previous);
      toast.error('Failed to update status', err);
    }
  };

  return (
    <Modal
      open
      title={`Message from ${message.firstName} ${message.lastName}`}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        replied && status !== 'responded' && (
          <Button
            key="responded"
            type="primary"
            loading={isLoading}
            onClick={() => onStatusChange('responded')}
          >
            Mark as responded
          </Button>
        ),
        <Button
          key="reply"
          type={replied && status !== 'responded' ? 'default' : 'primary'}
          href={replyHref(message)}
          onClick={() => setReplied(true)}
        >
          Reply via Email
        </Button>,
      ]}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Date">{formatTimestamp(message.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Email">
          {message.email} <CopyButton value={message.email} label="Copy email" />
        </Descriptions.Item>
        <Descriptions.Item label="Subject">{subjectLabel(message.subject)}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Select<ContactStatus>
            aria-label="Status"
            value={status as ContactStatus}
            loading={isLoading}
            onChange={onStatusChange}
            style={{ width: 140 }}
            options={CONTACT_STATUSES.map((s) => ({
              value: s,
              label: s === 'new' ? 'New' : 'Responded',
            }))}
          />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }}>
        {message.message}
      </Typography.Paragraph>
    </Modal>
  );
}
