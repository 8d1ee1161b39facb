import { useState } from 'react';
import { MAX_CODES_PER_BATCH, REDEEM_PATH, type AdminProduct } from '@artist/contracts';
import { Button, Flex, InputNumber, Table, Typography } from 'antd';
import { useToast } from '../../components/useToast.js';
import {
  useCreateCodesMutation,
  useGetCodeBatchesQuery,
  useVoidCodesMutation,
} from './releasesApi.js';

/** A release's download codes: batches made, redeemed counts, CSV, void. */
export function ReleaseCodes({ release }: { release: AdminProduct }) {
  const { data } = useGetCodeBatchesQuery(release.id);
  const [create, { isLoading }] = useCreateCodesMutation();
  const [voidBatch] = useVoidCodesMutation();
  const toast = useToast();
  const [count, setCount] = useState<number | null>(100);
  const make = async () => {
    if (!count) return;
    try {
      const made = await create({ id: release.id, count }).unwrap();
      toast.success(`${made.count} codes made`);
    } catch (error) {
      toast.error('Failed to make the codes', error);
    }
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Download codes
      </Typography.Title>
      <Typography.Text>
        Fans redeem a code at{' '}
        <Typography.Text copyable code>
          {`${window.location.origin}${REDEEM_PATH}`}
        </Typography.Text>
        . The CSV gives each code its own address (the url column), with the code filled in, to
        print on the card.
      </Typography.Text>
      <Flex gap={8} align="center" wrap>
        <InputNumber
          aria-label={`How many codes for ${release.name}`}
          value={count}
          onChange={setCount}
          min={1}
          max={MAX_CODES_PER_BATCH}
          precision={0}
        />
        <Button onClick={make} loading={isLoading} disabled={!count}>
          Make Codes
        </Button>
      </Flex>
      <Table
        rowKey="batchId"
        size="small"
        pagination={false}
        dataSource={data ?? []}
        locale={{ emptyText: 'No codes yet' }}
        columns={[
          { title: 'Made', dataIndex: 'createdAt', render: (at: string) => at.slice(0, 10) },
          { title: 'Codes', dataIndex: 'count' },
          { title: 'Redeemed', dataIndex: 'redeemed' },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, batch) => (
              <Flex gap={8}>
                <a
                  href={`/api/admin/products/${release.id}/codes/export?batchId=${batch.batchId}`}
                  download
                >
                  Export CSV
                </a>
                {batch.voidedAt ? (
                  <Typography.Text type="secondary">Void</Typography.Text>
                ) : (
                  <Button
                    size="small"
                    danger
                    onClick={() => void voidBatch({ id: release.id, batchId: batch.batchId })}
                  >
                    Void
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
