import type { AdminShow } from '@artist/contracts';
import { Form, Input, Typography } from 'antd';
import { FormDialog } from '../../components/FormDialog.js';
import { formatDay } from '../../components/format.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useSendPresaleMutation } from './showsApi.js';

interface PresaleFormValues {
  code: string;
}

/** The members a presale went to, in the toast's words. */
export const presaleSent = (recipients: number) =>
  `Presale code sent to ${recipients} ${recipients === 1 ? 'member' : 'members'}`;

/**
 * "Send presale code": asks for the code, then confirms, then emails it once to every current
 * member whose tier has the presale perk (the server refuses a second send with its sentence).
 */
export function PresaleDialog({ show, onClose }: { show: AdminShow; onClose: () => void }) {
  const [form] = Form.useForm<PresaleFormValues>();
  const [send, { isLoading }] = useSendPresaleMutation();
  const { confirm } = useConfirm();
  const where = `${show.venue}, ${show.city} on ${formatDay(show.date)}`;

  const onFinish = ({ code }: PresaleFormValues) =>
    confirm({
      title: `Send the presale code ${code.trim()}?`,
      content: `Every current member whose tier has the presale perk gets it by email for ${where}, whether or not she is on the mailing list. It is sent once: it cannot be sent again for this show.`,
      okText: 'Send',
      cancelText: 'Cancel',
      run: () => send({ id: show.id, body: { code: code.trim() } }).unwrap(),
      success: (sent) => presaleSent(sent.recipients),
      failure: 'Failed to send the presale code',
      then: onClose,
    });

  return (
    <FormDialog<PresaleFormValues>
      form={form}
      title="Send presale code"
      submitText="Send"
      saving={isLoading}
      onClose={onClose}
      onFinish={onFinish}
      above={
        <Typography.Paragraph type="secondary">
          For {where}: emailed to the members whose tier has the presale perk.
        </Typography.Paragraph>
      }
    >
      <Form.Item
        label="Presale code"
        name="code"
        rules={[
          { required: true, whitespace: true, message: 'Please enter the presale code.' },
          { max: 40, message: 'A presale code is at most 40 characters.' },
          {
            pattern: /^\s*[A-Za-z0-9_-]*\s*$/,
            message: 'A presale code is letters, digits, dashes and underscores only.',
          },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
