import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type Suppression } from '@artist/contracts';
import { Form, Input, Modal } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { suppressionColumns, suppressionFilters } from './columns.js';
import { useGetSuppressionsQuery, useRemoveSuppressionMutation } from './campaignsApi.js';

/** Addresses that get no campaign after a hard bounce or a complaint; the artist can lift one. */
export function SuppressionsTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetSuppressionsQuery(query.args);
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const [remove, { isLoading }] = useRemoveSuppressionMutation();
  const [form] = Form.useForm<{ reason: string }>();
  const toast = useToast();
  const columns = useMemo(() => suppressionColumns(setRemoving), []);

  useEffect(() => {
    if (error) toast.error('Failed to load suppressions', error);
  }, [error, toast]);

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
      <DataTable<Suppression>
        name={EXPORT_NAMES.suppressions}
        label="suppressions"
        exportPath="/admin/suppressions/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={suppressionFilters}
        searchPlaceholder="Search address"
        emptyText="No suppressed addresses"
      />
      {removing && (
        <Modal
          open
          title={`Mail ${removing.email} again?`}
          okText="Remove suppression"
          confirmLoading={isLoading}
          onOk={() => form.submit()}
          onCancel={() => setRemoving(null)}
          destroyOnHidden
        >
          <p>
            It {removing.reason === 'complaint' ? 'marked a campaign as spam' : 'bounced for good'}.
            Only lift it when you know the address takes mail and wants it.
          </p>
          <Form form={form} layout="vertical" onFinish={onRemove} requiredMark={false}>
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
          </Form>
        </Modal>
      )}
    </>
  );
}
