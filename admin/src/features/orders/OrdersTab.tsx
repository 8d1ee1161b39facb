export function OrdersTab() {
  return null;
}
