import { useMemo, useState } from 'react';
import { EXPORT_NAMES, type Order } from '@artist/contracts';
import { Button } from 'antd';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { orderColumns, orderFilters } from './columns.js';
import { ManualOrderDialog } from './ManualOrderDialog.js';
import { OrderDialog } from './OrderDialog.js';
import { useGetOrdersQuery } from './ordersApi.js';

const ordersList: ListDefinition<Order> = {
  name: EXPORT_NAMES.orders,
  label: 'orders',
  exportPath: '/admin/orders/export',
  useList: useGetOrdersQuery,
  filters: orderFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search customer, email, product',
  emptyText: 'No orders found',
};

export function OrdersTab() {
  const tab = useListTab(ordersList);
  const [managing, setManaging] = useState<Order | null>(null);
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => orderColumns(setManaging), []);

  return (
    <>
      <DataTable
        tab={tab}
        columns={columns}
        primaryAction={
          <Button type="primary" onClick={() => setCreating(true)}>
            Create Order
          </Button>
        }
      />
      {managing && <OrderDialog order={managing} onClose={() => setManaging(null)} />}
      {creating && <ManualOrderDialog onClose={() => setCreating(false)} />}
    </>
  );
}
