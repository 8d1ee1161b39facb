import { useState } from 'react';
import {
  AGE_REQUIREMENTS,
  type AdminShow,
  type AgeRequirement,
  type ShowInput,
  type ShowStatus,
  type TicketButtonType,
} from '@artist/contracts';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useToast } from '../../components/useToast.js';
import { useCreateShowMutation, useUpdateShowMutation } from './showsApi.js';

interface ShowFormValues {
  venue: string;
  city: string;
  date: string;
  time: string;
  ageRequirement: AgeRequirement;
  ticketButtonType: TicketButtonType;
  ticketUrl?: string;
  soldOut: boolean;
  status: ShowStatus;
  notes?: string;
}

const TICKET_TYPE_OPTIONS = [
  { value: 'free', label: 'Free Show' },
  { value: 'soon', label: 'Tickets Soon' },
  { value: 'url', label: 'Ticket URL' },
];
const URL_MESSAGE =
  "Ticket URL is required and must be a valid URL when ticket button type is 'url'";

const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

function initialValues(show: AdminShow | null): Partial<ShowFormValues> {
  if (!show) {
    return {
      ticketButtonType: 'free',
      ageRequirement: 'All Ages',
      status: 'draft',
      soldOut: false,
    };
  }
  return {
    venue: show.venue,
    city: show.city,
    date: show.date,
    time: show.time,
    ageRequirement: show.ageRequirement as AgeRequirement,
    ticketButtonType: show.ticketButtonType as TicketButtonType,
    ticketUrl: show.ticketUrl ?? undefined,
    soldOut: show.soldOut === 'true',
    status: show.status as ShowStatus,
    notes: show.notes ?? undefined,
  };
}

/** The body of the create and update calls: ticket URL only for type url, notes only if any. */
export function toShowInput(values: ShowFormValues): ShowInput {
  const notes = values.notes?.trim();
  return {
    venue: values.venue.trim(),
    city: values.city.trim(),
    date: values.date,
    time: values.time.trim(),
    ageRequirement: values.ageRequirement,
    ticketButtonType: values.ticketButtonType,
    ...(values.ticketButtonType === 'url' ? { ticketUrl: values.ticketUrl?.trim() } : {}),
    soldOut: values.soldOut ? 'true' : 'false',
    status: values.status,
    ...(notes ? { notes } : {}),
  };
}

/** 'Create Show' (show is null) or 'Edit Show'. */
export function ShowDialog({ show, onClose }: { show: AdminShow | null; onClose: () => void }) {
  const [form] = Form.useForm<ShowFormValues>();
  const [createShow] = useCreateShowMutation();
  const [updateShow] = useUpdateShowMutation();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const ticketType = Form.useWatch('ticketButtonType', form);

  const onFinish = async (values: ShowFormValues) => {
    setSaving(true);
    const body = toShowInput(values);
    try {
      if (show) {
        await updateShow({ id: show.id, body }).unwrap();
        toast.success('Show updated successfully');
      } else {
        await createShow(body).unwrap();
        toast.success('Show created successfully');
      }
      onClose();
    } catch (err) {
      toast.error(show ? 'Failed to update show' : 'Failed to create show', err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={show ? 'Edit Show' : 'Create Show'}
      okText={show ? 'Save Changes' : 'Create Show'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<ShowFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(show)}
        onFinish={onFinish}
        requiredMark={false}
      >
        <Form.Item
          label="Venue"
          name="venue"
          rules={[{ required: true, whitespace: true, message: 'Venue is required' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="City"
          name="city"
          rules={[{ required: true, whitespace: true, message: 'City is required' }]}
        >
          <Input placeholder="Nashville, TN" />
        </Form.Item>
        <Form.Item
          label="Date"
          name="date"
          rules={[
            {
              required: true,
              pattern: /^\d{4}-\d{2}-\d{2}$/,
              message: 'Date must be in YYYY-MM-DD format',
            },
          ]}
        >
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label="Time"
          name="time"
          rules={[{ required: true, whitespace: true, message: 'Time is required' }]}
        >
          <Input placeholder="8:00 PM" />
        </Form.Item>
        <Form.Item label="Age Requirement" name="ageRequirement">
          <Select options={AGE_REQUIREMENTS.map((a) => ({ value: a, label: a }))} />
        </Form.Item>
        <Form.Item label="Ticket Button" name="ticketButtonType">
          <Select options={TICKET_TYPE_OPTIONS} />
        </Form.Item>
        {ticketType === 'url' && (
          <Form.Item
            label="Ticket URL"
            name="ticketUrl"
            rules={[
              {
                validator: (_, value?: string) =>
                  value && isUrl(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(URL_MESSAGE)),
              },
            ]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        )}
        <Form.Item name="soldOut" valuePropName="checked">
          <Checkbox>Sold Out</Checkbox>
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select
            options={[
              { value: 'draft', label: 'Draft' },
              { value: 'published', label: 'Published' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Notes"
          name="notes"
          rules={[{ max: 1000, message: 'Notes cannot exceed 1000 characters' }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
