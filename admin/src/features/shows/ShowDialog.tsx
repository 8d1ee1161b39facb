import { useState } from 'react';
import {
  AGE_REQUIREMENTS,
  type AdminShow,
  type AgeRequirement,
  type ShowInput,
  type ShowStatus,
  type TicketButtonType,
} from '@artist/contracts';
import { Alert, Checkbox, Form, Input, Select } from 'antd';
import { FormDialog, useFormSave } from '../../components/FormDialog.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useToast } from '../../components/useToast.js';
import { useCreateShowMutation, useDeleteShowMutation, useUpdateShowMutation } from './showsApi.js';

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
  /** An IANA zone; empty to have the server find it from the city. */
  timeZone?: string;
}

/** Every IANA zone the browser knows, for the time zone picker. */
const TIME_ZONE_OPTIONS = Intl.supportedValuesOf('timeZone').map((zone) => ({
  value: zone,
  label: zone.replaceAll('_', ' '),
}));

// The artist's words for the API's ticketButtonType values (url, free, soon).
const TICKET_TYPE_OPTIONS = [
  { value: 'url', label: 'Link to ticket site' },
  { value: 'free', label: 'Free' },
  { value: 'soon', label: 'Coming soon' },
];
/** What the dialog says of a city that cannot be located, offline, for announcements. */
export const CITY_NOT_FOUND =
  'Fans near this show cannot be told about it until its city is found. Write it as "City, ST" or "City, Country", e.g. Nashville, TN.';
const URL_MESSAGE = 'Enter the ticket link, e.g. https://tickets.example.com/your-show';

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
    timeZone: show.timeZone,
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
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
  };
}

/** 'Create Show' (show is null) or 'Edit Show'. */
export function ShowDialog({
  show,
  onClose,
  onSaved,
}: {
  show: AdminShow | null;
  onClose: () => void;
  /** The show as saved, so the list can show where it went. */
  onSaved?: (show: AdminShow) => void;
}) {
  const [form] = Form.useForm<ShowFormValues>();
  const [createShow] = useCreateShowMutation();
  const [updateShow] = useUpdateShowMutation();
  const [deleteShow, { isLoading: deleting }] = useDeleteShowMutation();
  const toast = useToast();
  const { confirmDelete } = useConfirm();
  const ticketType = Form.useWatch('ticketButtonType', form);
  // Until the artist picks a zone, a new city has its zone found again by the server.
  const [zonePicked, setZonePicked] = useState(false);
  const onValuesChange = (changed: Partial<ShowFormValues>) => {
    if ('timeZone' in changed) setZonePicked(true);
    else if ('city' in changed && !zonePicked) form.setFieldValue('timeZone', undefined);
  };

  const { saving, onFinish } = useFormSave(
    async (values: ShowFormValues) => {
      const body = toShowInput(values);
      let saved: AdminShow;
      if (show) {
        saved = await updateShow({ id: show.id, body }).unwrap();
        toast.success('Show updated successfully');
      } else {
        saved = await createShow(body).unwrap();
        toast.success('Show created successfully');
      }
      if (!saved.located)
        toast.warning(`${saved.city} could not be found on the map`, CITY_NOT_FOUND);
      onSaved?.(saved);
      onClose();
    },
    show ? 'Failed to update show' : 'Failed to create show',
  );

  const onDelete = (existing: AdminShow) =>
    confirmDelete({
      title: 'Delete this show?',
      content: `${existing.venue}, ${existing.city} on ${existing.date} is removed from the site and the list. This cannot be undone.`,
      run: () => deleteShow(existing.id).unwrap(),
      success: 'Show deleted',
      failure: 'Failed to delete show',
      then: onClose,
    });

  return (
    <FormDialog<ShowFormValues>
      form={form}
      title={show ? 'Edit Show' : 'Create Show'}
      submitText={show ? 'Save Changes' : 'Create Show'}
      saving={saving}
      onClose={onClose}
      deletion={{ onDelete: show ? () => onDelete(show) : undefined, deleting }}
      initialValues={initialValues(show)}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
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
      {show && !show.located && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${show.city} could not be found on the map`}
          description={CITY_NOT_FOUND}
        />
      )}
      <Form.Item
        label="Date"
        name="date"
        // The browser's date picker shows the date in the artist's own format (mm/dd/yyyy in
        // the US) and hands over YYYY-MM-DD, or nothing until the date is complete.
        rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'Pick the date' }]}
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
      <Form.Item
        label="Time zone"
        name="timeZone"
        extra="Found from the city when saved; pick one if it is wrong. The site, the calendar and search engines show the time in it."
      >
        <Select
          showSearch
          allowClear
          placeholder="From the city"
          options={TIME_ZONE_OPTIONS}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item label="Age Requirement" name="ageRequirement">
        <Select options={AGE_REQUIREMENTS.map((a) => ({ value: a, label: a }))} />
      </Form.Item>
      <Form.Item label="Tickets" name="ticketButtonType">
        <Select options={TICKET_TYPE_OPTIONS} />
      </Form.Item>
      {ticketType === 'url' && (
        <Form.Item
          label="Ticket link"
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
          <Input placeholder="https://tickets.example.com/your-show" inputMode="url" />
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
        extra="Private: only you see these here; the site never shows them."
        rules={[{ max: 1000, message: 'Notes cannot exceed 1000 characters' }]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
