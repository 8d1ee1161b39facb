import { endsDownloads, type Order } from '@artist/contracts';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import { useToast } from '../../components/useToast.js';
import { sizeText } from './releaseFormat.js';
import { useGetOrderDownloadsQuery, useResendDownloadsMutation } from './releasesApi.js';

const hasReleases = (order: Order) => order.lines.some((line) => line.kind === 'digital');

/**
 * An order's downloads (time, format, bytes), and its links sent again by email; once the order
 * is refunded in full its downloads have ended, and there is nothing to send.
 */
export function OrderDownloads({ order }: { order: Order }) {
  const releases = hasReleases(order);
  const { data } = useGetOrderDownloadsQuery(order.id, { skip: !releases });
  const [resend, { isLoading }] = useResendDownloadsMutation();
  const toast = useToast();
  if (!releases) return null;
  const ended = endsDownloads(order.paymentStatus);
  const send = async () => {
    try {
      const { sent } = await resend(order.id).unwrap();
      toast.success(`${sent} fresh ${sent === 1 ? 'link' : 'links'} sent to ${order.email}`);
    } catch (error) {
      toast.error('Failed to send the links', error);
    }
  };
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Downloads
        </Typography.Title>
        {ended ? (
          <Tag color="red">Downloads ended: refunded</Tag>
        ) : (
          <Button onClick={send} loading={isLoading}>
            Send Links Again
          </Button>
        )}
      </Flex>
      <Table
        size="small"
        pagination={false}
        rowKey={(row) => `${row.at}-${row.format}`}
        dataSource={data ?? []}
        locale={{ emptyText: 'Not downloaded yet' }}
        columns={[
          { title: 'When', dataIndex: 'at', render: (at: string) => new Date(at).toLocaleString() },
          { title: 'Release', dataIndex: 'release' },
          { title: 'Format', dataIndex: 'format' },
          { title: 'Size', dataIndex: 'bytes', render: (bytes: number) => sizeText(bytes) },
        ]}
      />
    </Flex>
  );
}
