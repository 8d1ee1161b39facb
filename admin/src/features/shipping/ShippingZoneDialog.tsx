import {
  COUNTRY_CODES,
  MAX_SHIPPING_RATES,
  type ShippingZone,
  type ShippingZoneInput,
} from '@artist/contracts';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import {
  MoneyInput,
  toCents,
  toOptionalCents,
  toOptionalDollars,
} from '../../components/MoneyInput.js';
import { FormDialog, useFormSave } from '../../components/FormDialog.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useToast } from '../../components/useToast.js';
import { countryLabel, countryName } from './shippingFormat.js';
import {
  useCreateShippingZoneMutation,
  useDeleteShippingZoneMutation,
  useUpdateShippingZoneMutation,
} from './shippingApi.js';

interface RateValues {
  id?: number;
  name: string;
  first: number;
  additional: number;
  freeOver?: number | null;
  deliveryDays?: string;
}

interface ZoneValues {
  name: string;
  countries: string[];
  rates: RateValues[];
}

/** Every country by its English name, A to Z: the artist picks names, the zone keeps codes. */
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({
  value: code,
  label: countryName(code),
  code,
})).sort((a, b) => a.label.localeCompare(b.label, 'en'));

function initialValues(zone: ShippingZone | null): ZoneValues {
  if (!zone) {
    return {
      name: '',
      countries: [],
      rates: [{ name: 'Standard', first: 5, additional: 0, freeOver: null, deliveryDays: '' }],
    };
  }
  return {
    name: zone.name,
    countries: zone.countries,
    rates: zone.rates.map((rate) => ({
      id: rate.id,
      name: rate.name,
      first: rate.firstItemCents / 100,
      additional: rate.additionalItemCents / 100,
      freeOver: toOptionalDollars(rate.freeOverCents),
      deliveryDays: rate.deliveryDays ?? '',
    })),
  };
}

/** The body of the create and update calls: cents, codes in upper case, blanks as null. */
export function toZoneInput(values: ZoneValues): ShippingZoneInput {
  return {
    name: values.name.trim(),
    countries: values.countries.map((code) => code.trim().toUpperCase()),
    rates: values.rates.map((rate) => ({
      ...(rate.id === undefined ? {} : { id: rate.id }),
      name: rate.name.trim(),
      firstItemCents: toCents(rate.first),
      additionalItemCents: toCents(rate.additional),
      freeOverCents: toOptionalCents(rate.freeOver),
      deliveryDays: rate.deliveryDays?.trim() || null,
    })),
  };
}

/** 'Add Zone' (zone is null) or 'Edit Zone': its name, countries and one to three rates. */
export function ShippingZoneDialog({
  zone,
  onClose,
}: {
  zone: ShippingZone | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ZoneValues>();
  const [createZone] = useCreateShippingZoneMutation();
  const [updateZone] = useUpdateShippingZoneMutation();
  const [deleteZone, { isLoading: deleting }] = useDeleteShippingZoneMutation();
  const toast = useToast();
  const { confirmDelete } = useConfirm();

  const { saving, onFinish } = useFormSave(
    async (values: ZoneValues) => {
      const body = toZoneInput(values);
      if (zone) {
        await updateZone({ id: zone.id, body }).unwrap();
        toast.success('Zone saved');
      } else {
        await createZone(body).unwrap();
        toast.success('Zone added');
      }
      onClose();
    },
    zone ? 'Failed to save zone' : 'Failed to add zone',
  );

  const onDelete = (existing: ShippingZone) =>
    confirmDelete({
      title: 'Delete this zone?',
      content: `Checkout will no longer ship to ${existing.countries.join(', ')} until another zone includes them.`,
      run: () => deleteZone(existing.id).unwrap(),
      success: 'Zone deleted',
      failure: 'Failed to delete zone',
      then: onClose,
    });

  return (
    <FormDialog<ZoneValues>
      form={form}
      title={zone ? 'Edit Zone' : 'Add Zone'}
      submitText={zone ? 'Save Changes' : 'Add Zone'}
      saving={saving}
      onClose={onClose}
      deletion={{ onDelete: zone ? () => onDelete(zone) : undefined, deleting }}
      initialValues={initialValues(zone)}
      onFinish={onFinish}
    >
      <Form.Item
        label="Zone name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Give the zone a name' }]}
      >
        <Input placeholder="Europe" maxLength={100} />
      </Form.Item>
      <Form.Item
        label="Countries"
        name="countries"
        extra="Type a country's name to find it."
        rules={[{ required: true, type: 'array', min: 1, message: 'Add at least one country' }]}
      >
        <Select
          mode="multiple"
          aria-label="Countries"
          placeholder="Pick countries"
          options={COUNTRY_OPTIONS}
          // A name or its code finds a country: 'germ' or 'DE'.
          filterOption={(input, option) =>
            !!option &&
            (option.label.toLowerCase().includes(input.trim().toLowerCase()) ||
              option.code === input.trim().toUpperCase())
          }
          labelRender={({ value }) => countryLabel(String(value))}
        />
      </Form.Item>
      <Form.List name="rates">
        {(fields, { add, remove }) => (
          <Flex vertical gap={12}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={`Rate ${index + 1}${index === 0 ? ' (shown first)' : ''}`}
                extra={
                  fields.length > 1 && (
                    <Button size="small" onClick={() => remove(field.name)}>
                      Remove rate {index + 1}
                    </Button>
                  )
                }
              >
                <Form.Item
                  label="Name"
                  name={[field.name, 'name']}
                  rules={[{ required: true, whitespace: true, message: 'Name the rate' }]}
                >
                  <Input placeholder="Standard" maxLength={60} />
                </Form.Item>
                <Flex gap={12} wrap>
                  <Form.Item
                    label="First item"
                    name={[field.name, 'first']}
                    rules={[{ required: true, message: 'Enter a price' }]}
                  >
                    <MoneyInput min={0} max={1_000_000} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item
                    label="Each further item"
                    name={[field.name, 'additional']}
                    rules={[{ required: true, message: 'Enter a price' }]}
                  >
                    <MoneyInput min={0} max={1_000_000} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item label="Free at or above (optional)" name={[field.name, 'freeOver']}>
                    <MoneyInput min={0} max={1_000_000} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item
                    label="Delivery days (optional)"
                    name={[field.name, 'deliveryDays']}
                    rules={[
                      {
                        pattern: /^(\d{1,2}(-\d{1,2})?)?$/,
                        message: 'Days such as 7 or 3-5',
                      },
                    ]}
                  >
                    <Input placeholder="3-5" style={{ width: 120 }} maxLength={5} />
                  </Form.Item>
                </Flex>
              </Card>
            ))}
            {fields.length < MAX_SHIPPING_RATES && (
              <Button
                onClick={() =>
                  add({ name: '', first: 0, additional: 0, freeOver: null, deliveryDays: '' })
                }
              >
                Add a rate
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </FormDialog>
  );
}
