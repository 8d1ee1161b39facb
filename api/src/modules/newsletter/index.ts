// What other modules may use of this one; they import nothing else of it.
export { NEWSLETTER_ENTITIES, NewsletterModule } from './newsletter.module.js';
export { type MailableSignup, NewsletterService, SIGNUPS_SEARCH } from './newsletter.service.js';
export { newsletterUnsubscribeLink } from './newsletter-links.js';
