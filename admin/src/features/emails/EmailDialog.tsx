import { useState } from 'react';
import type { OutboxEmailSummary } from '@artist/contracts';
import { Button, Descriptions, Modal, Segmented, Spin, Typography } from 'antd';
import { useConfirm } from '../../components/useConfirm.js';
import { EmailStatusTag, kindLabel, lastFailure, waitingReason } from './columns.js';
import { useGetEmailQuery, useResendEmailMutation } from './emailsApi.js';

/**
 * An email's preview: its HTML in a sandboxed frame (no scripts, no same-origin access) or its
 * plain text, and a resend for a failed or sent one, once confirmed.
 */
export function EmailDialog({
  email,
  onClose,
}: {
  email: OutboxEmailSummary;
  onClose: () => void;
}) {
  const { data, isFetching, error } = useGetEmailQuery(email.id);
  const [resend, { isLoading }] = useResendEmailMutation();
  const [view, setView] = useState<'HTML' | 'Text'>('HTML');
  const { confirm } = useConfirm();
  const canResend = email.status === 'failed' || email.status === 'sent';
  const waiting = waitingReason(email);
  const failure = lastFailure(email);

  // The recipient gets it a second time: asked first.
  const onResend = () =>
    confirm({
      title: 'Send this email again?',
      content: `“${email.subject}” goes to ${email.to} once more.`,
      okText: 'Resend',
      cancelText: 'Cancel',
      run: () => resend(email.id).unwrap(),
      success: 'Email queued to be sent again',
      failure: 'Failed to resend email',
      then: onClose,
    });

  return (
    <Modal
      open
      title={email.subject}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        ...(canResend
          ? [
              <Button key="resend" type="primary" loading={isLoading} onClick={onResend}>
                Resend
              </Button>,
            ]
          : []),
      ]}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="To">{email.to}</Descriptions.Item>
        <Descriptions.Item label="Kind">{kindLabel(email.kind)}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <EmailStatusTag email={email} />
        </Descriptions.Item>
        {waiting && <Descriptions.Item label="Why it waits">{waiting}</Descriptions.Item>}
        {failure && <Descriptions.Item label="Last error">{failure}</Descriptions.Item>}
        {data?.replyTo && <Descriptions.Item label="Reply-To">{data.replyTo}</Descriptions.Item>}
      </Descriptions>
      <Segmented
        style={{ margin: '16px 0 8px' }}
        options={['HTML', 'Text']}
        value={view}
        onChange={(value) => setView(value as 'HTML' | 'Text')}
        aria-label="Preview as"
      />
      {isFetching && <Spin />}
      {error && <Typography.Text type="danger">Failed to load the email</Typography.Text>}
      {data &&
        (view === 'HTML' ? (
          <iframe
            title={`Preview of ${email.subject}`}
            sandbox=""
            srcDoc={data.html}
            style={{ width: '100%', height: 480, border: '1px solid #eadfce', background: '#fff' }}
          />
        ) : (
          <pre
            aria-label="Plain text"
            style={{ whiteSpace: 'pre-wrap', maxHeight: 480, overflow: 'auto', margin: 0 }}
          >
            {data.text}
          </pre>
        ))}
    </Modal>
  );
}
