export function NewsletterTab() {
  return null;
}
