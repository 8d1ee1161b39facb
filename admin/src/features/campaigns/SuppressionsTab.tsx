import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type Suppression } from '@artist/contracts';
import { Form, Input } from 'antd';
import { FormDialog } from '../../components/FormDialog.js';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { suppressionColumns, suppressionFilters } from './columns.js';
import { useGetSuppressionsQuery, useRemoveSuppressionMutation } from './campaignsApi.js';

/** Addresses that get no campaign after a hard bounce or a complaint; the artist can lift one. */
const suppressionsList: ListDefinition<Suppression> = {
  name: EXPORT_NAMES.suppressions,
  label: 'suppressions',
  exportPath: '/admin/suppressions/export',
  useList: useGetSuppressionsQuery,
  filters: suppressionFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search address',
  emptyText: 'No suppressed addresses',
};

export function SuppressionsTab() {
  const tab = useListTab(suppressionsList);
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const [remove, { isLoading }] = useRemoveSuppressionMutation();
  const [form] = Form.useForm<{ reason: string }>();
  const toast = useToast();
  const columns = useMemo(() => suppressionColumns(setRemoving), []);

  const onRemove = async ({ reason }: { reason: string }) => {
    if (!removing) return;
    try {
      await remove({ id: removing.id, reason: reason.trim() }).unwrap();
      toast.success(`${removing.email} gets campaigns again`);
      setRemoving(null);
      form.resetFields();
    } catch (err) {
      toast.error('Failed to remove the suppression', err);
    }
  };

  return (
    <>
      <DataTable tab={tab} columns={columns} />
      {removing && (
        <FormDialog<{ reason: string }>
          form={form}
          title={`Mail ${removing.email} again?`}
          submitText="Remove suppression"
          saving={isLoading}
          onClose={() => setRemoving(null)}
          onFinish={onRemove}
          above={
            <p>
              It{' '}
              {removing.reason === 'complaint' ? 'marked a campaign as spam' : 'bounced for good'}.
              Only lift it when you know the address takes mail and wants it.
            </p>
          }
        >
          <Form.Item
            label="Why"
            name="reason"
            rules={[
              {
                required: true,
                whitespace: true,
                message: 'Please give the reason for lifting it',
              },
              { max: 500, message: 'The reason cannot exceed 500 characters' },
            ]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
        </FormDialog>
      )}
    </>
  );
}
