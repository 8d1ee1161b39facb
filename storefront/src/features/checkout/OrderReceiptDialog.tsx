import { useState } from 'react';
import { Modal } from 'antd';
import { isWholeReceipt, preOrderNote, type ShippingAddress } from '@artist/contracts';
import { useAppDispatch } from '../../app/store.js';
import { AntdTheme } from '../../shared/AntdTheme.js';
import { closeReceipt } from './receiptSlice.js';
import { useGetSessionStatusQuery } from './receiptApi.js';

/** How often the receipt asks again while the payment is being confirmed. */
export const RECEIPT_POLL_MS = 2000;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The address on one line, the name first: "June Carter, 1 Music Row, Nashville, TN 37203, US". */
const addressText = (a: ShippingAddress) =>
  [
    a.name,
    a.line1,
    a.line2,
    [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The buyer's receipt after paying: the order number the admin and the confirmation email use,
 * the items, shipping, total and address (and a paid order's download links, or where a free
 * order's were emailed), read through the session-status call (which records
 * the order itself when the payment provider's webhook has not arrived yet). A day after the
 * order, a browser other than the one that checked out gets the order number and items only.
 */
export default function OrderReceiptDialog({ sessionId }: { sessionId: string }) {
  const dispatch = useAppDispatch();
  const [settled, setSettled] = useState(false);
  const { data, isError } = useGetSessionStatusQuery(sessionId, {
    // Asks again until the order is there (or the call fails), then stops.
    pollingInterval: settled ? 0 : RECEIPT_POLL_MS,
  });
  const order = data?.order;
  // Adjusting state while rendering (React's pattern for state derived from a changed value).
  if (!settled && (order || isError)) setSettled(true);

  return (
    <AntdTheme>
      <Modal
        open
        title={order ? `Thank you! Order ${order.number}` : 'Thank you for your order!'}
        onCancel={() => dispatch(closeReceipt())}
        footer={null}
      >
        {order ? (
          <div className="receipt">
            <p>
              Your order number is <strong>{order.number}</strong>. A confirmation email with the
              same number is on its way.
            </p>
            <table className="receipt__items">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item, i) => (
                  <tr key={i}>
                    <td>
                      {item.name}
                      {item.preOrderUntil && (
                        <span className="receipt__pre-order">
                          {preOrderNote(item.preOrderUntil)}
                        </span>
                      )}
                    </td>
                    <td>{item.quantity}</td>
                    <td>{money(item.price * item.quantity)}</td>
                  </tr>
                ))}
                {isWholeReceipt(order) && (
                  <>
                    {order.discountCode && (
                      <tr>
                        <td>Discount ({order.discountCode})</td>
                        <td />
                        <td>−{money(order.discount)}</td>
                      </tr>
                    )}
                    <tr>
                      <td>Shipping</td>
                      <td />
                      <td>{money(order.shipping)}</td>
                    </tr>
                    {order.tax > 0 && (
                      <tr>
                        <td>Sales tax</td>
                        <td />
                        <td>{money(order.tax)}</td>
                      </tr>
                    )}
                    <tr>
                      <th scope="row">Total</th>
                      <td />
                      <td>
                        <strong>{money(order.total)}</strong>
                      </td>
                    </tr>
                  </>
                )}
              </tbody>
            </table>
            {isWholeReceipt(order) && order.downloads?.length ? (
              <section className="receipt__downloads" aria-labelledby="receipt-downloads">
                <h3 id="receipt-downloads">Your downloads</h3>
                <ul>
                  {order.downloads.map((link) => (
                    <li key={link.url}>
                      <a href={link.url} download>
                        Download {link.release} ({link.format})
                      </a>{' '}
                      <span className="receipt__download-terms">
                        {link.downloadsLeft} downloads left, until{' '}
                        {new Date(link.expiresAt).toLocaleDateString()}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {isWholeReceipt(order) && order.downloadsNote ? (
              // A free order's links go to its email address only, never onto the page.
              <section className="receipt__downloads" aria-labelledby="receipt-downloads">
                <h3 id="receipt-downloads">Your downloads</h3>
                <p>{order.downloadsNote}.</p>
              </section>
            ) : null}
            {isWholeReceipt(order) ? (
              order.shippingAddress && (
                <p>
                  <strong>Shipping to:</strong> {addressText(order.shippingAddress)}
                </p>
              )
            ) : (
              <p>
                The total and the shipping address are shown for a day after the order, and
                afterwards only on the device that placed it.
              </p>
            )}
          </div>
        ) : isError ? (
          <p role="status">
            We could not load your receipt just now. Your confirmation email has all the details.
          </p>
        ) : (
          <p role="status">Your payment is being confirmed…</p>
        )}
      </Modal>
    </AntdTheme>
  );
}
