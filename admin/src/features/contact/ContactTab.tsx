export function ContactTab() {
  return null;
}
