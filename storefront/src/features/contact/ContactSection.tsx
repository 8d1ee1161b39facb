import { useId, useState, type FormEvent } from 'react';
import {
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  type ContactSubject,
  serverMessage,
} from '@artist/contracts';
import { useSendContactMessageMutation } from '../../app/formsApi.js';
import { tooManyRequestsMessage } from '../../app/http.js';
import { useAppDispatch } from '../../app/store.js';
import { INVALID_EMAIL, isValidEmail, REQUIRED } from '../../shared/validation.js';
import { useSiteContent } from '../content/contentApi.js';
import { showToast } from '../toast/toastSlice.js';

type Field = 'firstName' | 'lastName' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { firstName: '', lastName: '', email: '', subject: '', message: '' };
const FIELDS: Field[] = ['firstName', 'lastName', 'email', 'subject', 'message'];

/** The contact form's field messages; an empty result means the form may be sent. */
export function validateContact(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of ['firstName', 'lastName', 'subject', 'message'] as const) {
    if (!values[field].trim()) errors[field] = REQUIRED;
  }
  if (!isValidEmail(values.email)) errors.email = INVALID_EMAIL;
  return errors;
}

export function ContactSection() {
  const id = useId();
  const dispatch = useAppDispatch();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const { contacts = [], pressKitUrl = '' } = useSiteContent() ?? {};
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  /** The server's 429 sentence, shown in the form until the next attempt. */
  const [limited, setLimited] = useState<string>();

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });
  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setLimited(undefined);
    try {
      await send({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        subject: values.subject as ContactSubject,
        message: values.message.trim(),
      }).unwrap();
      setValues(EMPTY);
      dispatch(
        showToast({
          title: 'Message sent!',
          description: "Thanks for reaching out. I'll get back to you soon.",
        }),
      );
    } catch (failure) {
      setLimited(tooManyRequestsMessage(failure));
      dispatch(
        showToast({
          title: 'Failed to send message',
          description: serverMessage(failure) ?? 'Please try again later.',
          variant: 'destructive',
        }),
      );
    }
  };

  return (
    <section id="contact" className="section section--alt" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact</h2>
      <div className="contact">
        <div className="contact__info">
          <dl className="contact__addresses">
            {contacts.map((contact) => (
              <div key={`${contact.label} ${contact.email}`}>
                <dt>{contact.label}</dt>
                <dd>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </dd>
              </div>
            ))}
          </dl>
          {pressKitUrl && (
            <a
              className="button button--outline"
              href={pressKitUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Press Kit (opens in a new tab)"
            >
              Press Kit
            </a>
          )}
        </div>
        <form className="contact__form" noValidate onSubmit={submit}>
          <div className="field-row">
            <div className="field">
              <label htmlFor={`${id}-firstName`}>First Name</label>
              <input type="text" autoComplete="given-name" {...fieldProps('firstName')} />
              {fieldError('firstName')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-lastName`}>Last Name</label>
              <input type="text" autoComplete="family-name" {...fieldProps('lastName')} />
              {fieldError('lastName')}
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              type="email"
              autoComplete="email"
              placeholder="your@email.com"
              {...fieldProps('email')}
            />
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-subject`}>Subject</label>
            <select {...fieldProps('subject')}>
              <option value="">Select a subject</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {CONTACT_SUBJECT_LABELS[subject]}
                </option>
              ))}
            </select>
            {fieldError('subject')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`}>Message</label>
            <textarea rows={5} {...fieldProps('message')} />
            {fieldError('message')}
          </div>
          <button type="submit" className="button" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send Message'}
          </button>
          {limited && (
            <p className="field__error form__limited" role="alert">
              {limited}
            </p>
          )}
        </form>
      </div>
    </section>
  );
}
