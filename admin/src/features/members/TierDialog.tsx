import type { MembershipTier, MembershipTierInput } from '@artist/contracts';
import { Checkbox, Form, Input, InputNumber } from 'antd';
import {
  MoneyInput,
  toCents,
  toOptionalCents,
  toOptionalDollars,
} from '../../components/MoneyInput.js';
import { FormDialog, useFormSave } from '../../components/FormDialog.js';
import { useToast } from '../../components/useToast.js';
import { useCreateTierMutation, useUpdateTierMutation } from './membersApi.js';

interface TierValues {
  name: string;
  description: string;
  monthly: number;
  yearly?: number | null;
  allDownloads: boolean;
  earlyAccessDays: number;
  presale: boolean;
}

function initialValues(t: MembershipTier | null): TierValues {
  if (!t)
    return {
      name: '',
      description: '',
      monthly: 5,
      yearly: null,
      allDownloads: true,
      earlyAccessDays: 0,
      presale: false,
    };
  return {
    name: t.name,
    description: t.description,
    monthly: t.monthlyPriceCents / 100,
    yearly: toOptionalDollars(t.yearlyPriceCents),
    ...t.perks,
  };
}

export function toTierInput(v: TierValues): MembershipTierInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    monthlyPriceCents: toCents(v.monthly),
    yearlyPriceCents: toOptionalCents(v.yearly),
    perks: {
      allDownloads: v.allDownloads,
      earlyAccessDays: v.earlyAccessDays ?? 0,
      presale: v.presale,
    },
  };
}

/** 'Add Tier' (tier is null) or 'Edit Tier'; a new price applies to new members only. */
export function TierDialog({
  tier,
  onClose,
}: {
  tier: MembershipTier | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<TierValues>();
  const [createTier] = useCreateTierMutation();
  const [updateTier] = useUpdateTierMutation();
  const toast = useToast();
  const { saving, onFinish } = useFormSave(
    async (values: TierValues) => {
      const body = toTierInput(values);
      if (tier) await updateTier({ id: tier.id, body }).unwrap();
      else await createTier(body).unwrap();
      toast.success(tier ? 'Tier saved' : 'Tier added');
      onClose();
    },
    tier ? 'Failed to save tier' : 'Failed to add tier',
  );

  return (
    <FormDialog<TierValues>
      form={form}
      title={tier ? 'Edit Tier' : 'Add Tier'}
      submitText={tier ? 'Save Changes' : 'Add Tier'}
      saving={saving}
      onClose={onClose}
      initialValues={initialValues(tier)}
      onFinish={onFinish}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Enter a name' }]}
      >
        <Input maxLength={100} placeholder="Front Row" />
      </Form.Item>
      <Form.Item
        label="What members get"
        name="description"
        rules={[{ required: true, whitespace: true, message: 'Describe what members get' }]}
      >
        <Input.TextArea maxLength={2000} rows={3} />
      </Form.Item>
      <Form.Item
        label="Monthly price"
        name="monthly"
        extra={tier ? 'A new price applies to new members; members keep theirs.' : undefined}
        rules={[{ required: true, message: 'Enter the monthly price' }]}
      >
        <MoneyInput min={0.5} max={10000} />
      </Form.Item>
      <Form.Item label="Yearly price" name="yearly" extra="Leave empty to offer monthly only.">
        <MoneyInput min={0.5} max={10000} />
      </Form.Item>
      <Form.Item name="allDownloads" valuePropName="checked">
        <Checkbox>Every release in the member's library</Checkbox>
      </Form.Item>
      <Form.Item label="Early access (days before release)" name="earlyAccessDays">
        <InputNumber min={0} max={365} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="presale" valuePropName="checked">
        <Checkbox>Presale codes for shows</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
