import { callToAction, oneLine, type QueuedEmail, type MjmlEmail } from '../../email/index.js';
import { alertUnsubscribe, notifyUnsubscribeLink } from '../notify-links.js';

/** "XL", "M and XL", "S, M and XL". */
const sizeList = (sizes: string[]) =>
  sizes.length > 1
    ? `${sizes.slice(0, -1).join(', ')} and ${sizes[sizes.length - 1]}`
    : sizes.join('');

/**
 * To a fan who asked to be told: the product is back in the shop, with a one-click way out.
 * `sizes`: those back that the fan asked about (the one size asked for, or every size back for a
 * request about the product as a whole); the email names them.
 */
export function backInStock(
  productName: string,
  shopUrl: string,
  unsubscribeUrl: string,
  sizes: string[] = [],
): MjmlEmail {
  const inSizes = sizes.length ? ` in ${sizeList(sizes)}` : '';
  const subject = oneLine(`The ${productName} is back in stock${inSizes}`);
  const intro = `Good news: the ${oneLine(productName)} you asked about is back in the shop${inSizes}. Sizes and quantities are limited, so don't wait too long.`;
  const why = `You're getting this email because you asked to hear when the ${oneLine(productName)} was back. We'll only write about it once.`;
  return callToAction({
    subject,
    title: 'Back in stock',
    intro,
    action: { label: 'Shop now', url: shopUrl },
    closing: why,
    footer: alertUnsubscribe(unsubscribeUrl),
  });
}

/**
 * The back-in-stock alert of one notify-me request, with one-click unsubscribe from that
 * product's alerts: one per request (its key), however often it is asked for.
 */
export function backInStockEmail(
  publicUrl: string,
  request: { id: number; email: string; productName: string; token: string; sizes?: string[] },
): QueuedEmail {
  const unsubscribe = notifyUnsubscribeLink(publicUrl, request.token);
  return {
    key: `back-in-stock:${request.id}`,
    kind: 'back-in-stock',
    about: { type: 'notify-me', id: request.id },
    to: { address: request.email },
    ...backInStock(request.productName, `${publicUrl}/#merch`, unsubscribe, request.sizes),
    headers: { listUnsubscribe: unsubscribe },
    lane: 'transactional',
    strangerCaused: true,
  };
}
