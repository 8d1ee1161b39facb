// What other modules may use of this one; they import nothing else of it.
export { EMAIL_ENTITIES, EmailModule } from './email.module.js';
export {
  artistReplyTo,
  type BulkSubject,
  type EmailContent,
  type EmailHeaders,
  type EmailLane,
  MAILBOX_EMAILS_PER_DAY,
  OutboxService,
  type QueuedEmail,
  type Recipient,
} from './outbox.service.js';
export {
  button,
  callToAction,
  COLOURS,
  divider,
  footerLink,
  heading,
  layout,
  MANAGE_EMAILS_LABEL,
  manageEmailsUrl,
  type MjmlEmail,
  oneLine,
  paragraph,
  type RenderedEmail,
} from './layout.js';
export { MjmlCompiler } from './mjml-compiler.js';
export { mailboxDigest, mailboxKey } from './mailbox.js';
export { takeQuota } from './mail-quotas.js';
export {
  BatchMemo,
  type BulkKind,
  type BulkOutcome,
  type DueEmail,
  type HandOverParts,
  type PreSendDecision,
  PreSendChecks,
} from './pre-send-checks.js';
