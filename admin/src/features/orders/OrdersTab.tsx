import { useEffect, useMemo, useState } from 'react';
import { EXPORT_NAMES, type Order } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { orderColumns, orderFilters } from './columns.js';
import { ManualOrderDialog } from './ManualOrderDialog.js';
import { OrderDialog } from './OrderDialog.js';
import { useGetOrdersQuery } from './ordersApi.js';

export function OrdersTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetOrdersQuery(query.args);
  const [managing, setManaging] = useState<Order | null>(null);
  const [creating, setCreating] = useState(false);
  const toast = useToast();
  const columns = useMemo(() => orderColumns(setManaging), []);

  useEffect(() => {
    if (error) toast.error('Failed to load orders', error);
  }, [error, toast]);

  return (
    <>
      <DataTable<Order>
        name={EXPORT_NAMES.orders}
        label="orders"
        exportPath="/admin/orders/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={orderFilters}
        searchPlaceholder="Search customer, email, product"
        emptyText="No orders found"
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
