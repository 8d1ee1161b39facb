import type { AppConfig } from '../../../config/env.js';
import {
  button,
  divider,
  heading,
  layout,
  oneLine,
  paragraph,
  type QueuedEmail,
  type MjmlEmail,
} from '../../email/index.js';

export interface ContactEmailData {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

/** The contact form's subject values as the form labels them (the storefront's contact form). */
const CONTACT_SUBJECT_LABELS: Record<string, string> = {
  booking: 'Booking Inquiry',
  collaboration: 'Collaboration',
  press: 'Press & Media',
  fan: 'Fan Message',
  other: 'Other',
};

/** To the artist: a new contact message, whole; replies go to the fan (Reply-To). */
export function artistContactAlert(message: ContactEmailData, adminUrl: string): MjmlEmail {
  const name = oneLine(`${message.firstName} ${message.lastName}`);
  const label = CONTACT_SUBJECT_LABELS[message.subject] ?? message.subject;
  const subject = oneLine(`${label} from ${name}`);
  const mjml = layout(
    subject,
    [
      heading(`${label} from ${name}`),
      paragraph(`${name} <${message.email}>`),
      divider(),
      paragraph(message.message),
      divider(),
      paragraph('Reply to this email to answer the fan directly.'),
      button('Open messages in the admin', adminUrl),
    ].join('\n'),
  );
  const text = [
    `${label} from ${name} <${message.email}>`,
    '',
    message.message,
    '',
    '--',
    'Reply to this email to answer the fan directly.',
    `Messages in the admin: ${adminUrl}`,
  ].join('\n');
  return { subject, mjml, text };
}

/** The artist's alert of a new contact message, when ARTIST_EMAIL is set; replies go to the fan. */
export function artistContactEmail(
  config: AppConfig,
  id: number,
  message: ContactEmailData,
): QueuedEmail | null {
  const artist = config.mail.artistEmail;
  if (!artist) return null;
  return {
    key: `artist-contact:${id}`,
    kind: 'artist-contact',
    about: { type: 'contact-message', id },
    to: { address: artist },
    ...artistContactAlert(message, `${config.publicUrl}/admin?tab=contact`),
    headers: {
      replyTo: { address: message.email, name: `${message.firstName} ${message.lastName}` },
    },
    lane: 'transactional',
  };
}
