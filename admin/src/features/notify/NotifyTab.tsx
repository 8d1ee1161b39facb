export function NotifyTab() {
  return null;
}
