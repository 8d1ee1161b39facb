import { dollars, orderNumber } from '../../../common/order-format.js';
import { divider, heading, layout, paragraph, type MjmlEmail } from '../../email/index.js';

/** What one refund of an order gave back: the amount, and the lines it named (none for an amount). */
export interface RefundEmailData {
  orderId: number;
  customerName: string | null;
  amountCents: number;
  /** The order's total and what has been refunded of it, this refund included. */
  totalCents: number;
  refundedCents: number;
  lines: { name: string; quantity: number }[];
}

/** To the buyer of an online order, for each refund the artist makes: "Your refund of $45.00". */
export function orderRefunded(refund: RefundEmailData): MjmlEmail {
  const number = orderNumber(refund.orderId);
  const amount = `$${dollars(refund.amountCents)}`;
  const subject = `Your refund of ${amount}`;
  const greeting = refund.customerName ? `Hi ${refund.customerName},` : 'Hi,';
  const said = `${amount} of order ${number} has been refunded to the card you paid with. It can take 5 to 10 days to show on your statement.`;
  const items = refund.lines.map((line) => `${line.quantity} x ${line.name}`);
  const kept = refund.totalCents - refund.refundedCents;
  const sums = [
    `Refunded now: ${amount}`,
    `Refunded in all: $${dollars(refund.refundedCents)} of $${dollars(refund.totalCents)}`,
    ...(kept > 0 ? [`Still paid: $${dollars(kept)}`] : []),
  ];
  const mjml = layout(
    subject,
    [
      heading(subject),
      paragraph(`${greeting}\n${said}`),
      ...(items.length ? [divider(), paragraph(`Refunded:\n${items.join('\n')}`)] : []),
      divider(),
      paragraph(sums.join('\n')),
      paragraph('Questions? Just reply to this email.'),
    ].join('\n'),
  );
  const text = [
    subject,
    '',
    greeting,
    said,
    ...(items.length ? ['', 'Refunded:', ...items] : []),
    '',
    ...sums,
    '',
    'Questions? Just reply to this email.',
  ].join('\n');
  return { subject, mjml, text };
}
