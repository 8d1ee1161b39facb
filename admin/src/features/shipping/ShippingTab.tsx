import { useState } from 'react';
import type { ShippingZone } from '@artist/contracts';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { errorMessage } from '../../app/api.js';
import { countryLabel, describeRate } from './shippingFormat.js';
import { useGetShippingZonesQuery } from './shippingApi.js';
import { ShippingZoneDialog } from './ShippingZoneDialog.js';

/**
 * The Shipping area: zones (countries that ship alike) and their rates. Checkout charges these;
 * a country in no zone cannot be shipped to.
 */
export function ShippingTab() {
  const { data, isLoading, error } = useGetShippingZonesQuery();
  const [editing, setEditing] = useState<ShippingZone | 'new' | null>(null);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Paragraph style={{ margin: 0, maxWidth: 640 }}>
          Checkout charges the rates of the buyer&apos;s zone. A country can be in one zone only;
          countries in no zone cannot order.
        </Typography.Paragraph>
        <Button type="primary" onClick={() => setEditing('new')}>
          Add Zone
        </Button>
      </Flex>
      {error && (
        <Alert
          type="error"
          showIcon
          title="Could not load the zones"
          description={errorMessage(error)}
        />
      )}
      <Table<ShippingZone>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Zone',
            dataIndex: 'name',
            render: (name: string, zone) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(zone)}>
                {name}
              </Button>
            ),
          },
          {
            title: 'Countries',
            dataIndex: 'countries',
            render: (countries: string[]) => countries.map(countryLabel).join(', '),
          },
          {
            title: 'Rates',
            dataIndex: 'rates',
            render: (_: unknown, zone) => (
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {zone.rates.map((rate) => (
                  <li key={rate.id}>
                    <strong>{rate.name}</strong>: {describeRate(rate)}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
      {editing && (
        <ShippingZoneDialog
          zone={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
