import { useId, useRef, useState, type FormEvent } from 'react';
import { SIGNUP_LOCATION_LABEL, SIGNUP_LOCATION_MAX, serverMessage } from '@artist/contracts';
import { useAppDispatch } from '../../app/store.js';
import { tooManyRequestsMessage } from '../../app/http.js';
import { EmailField } from '../../shared/EmailField.js';
import { SocialLinks } from '../../shared/SocialLinks.js';
import { INVALID_EMAIL, isValidEmail } from '../../shared/validation.js';
import { showToast } from '../toast/toastSlice.js';
import { useSignUpMutation } from '../../app/formsApi.js';

/** What the form and its toast say once an address is taken: it joins when it confirms. */
export const SIGNUP_SENT = 'Almost there: check your inbox to confirm';

export function EmailSignupSection() {
  const id = useId();
  const dispatch = useAppDispatch();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [email, setEmail] = useState('');
  const [location, setLocation] = useState('');
  const [error, setError] = useState<string>();
  /** The server's 429 sentence, shown under the form until the next attempt. */
  const [limited, setLimited] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  /** Set once an address is taken: it counts when the link of the email sent to it is followed. */
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(INVALID_EMAIL);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setLimited(undefined);
    setSent(false);
    try {
      const place = location.trim();
      await signUp({ email: email.trim(), ...(place ? { location: place } : {}) }).unwrap();
      setEmail('');
      setLocation('');
      setSent(true);
      dispatch(
        showToast({
          title: SIGNUP_SENT,
          description: 'Follow the link in the email we just sent you to join the list.',
        }),
      );
    } catch (failure) {
      setLimited(tooManyRequestsMessage(failure));
      dispatch(
        showToast({
          title: 'Signup failed',
          description: serverMessage(failure) ?? 'Please try again later.',
          variant: 'destructive',
        }),
      );
    }
  };

  return (
    <section id="email-signup" className="section signup" aria-labelledby="email-signup-heading">
      <h2 id="email-signup-heading">Stay Connected</h2>
      <p className="section__subtitle">
        New songs, tour dates and the occasional story from the road, straight to your inbox.
      </p>
      <form className="signup__form" noValidate onSubmit={submit}>
        <EmailField
          ref={inputRef}
          id={`${id}-email`}
          label="Email Address"
          hideLabel
          placeholder="Enter your email"
          value={email}
          onChange={setEmail}
          error={error}
        />
        <div className="field signup__location">
          <label htmlFor={`${id}-location`}>{SIGNUP_LOCATION_LABEL}</label>
          <input
            id={`${id}-location`}
            type="text"
            autoComplete="postal-code"
            maxLength={SIGNUP_LOCATION_MAX}
            placeholder="Nashville, TN or 37203"
            value={location}
            onChange={(event) => setLocation(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? 'Joining...' : 'Join the List'}
        </button>
      </form>
      {sent && (
        <p className="signup__sent" role="status">
          {SIGNUP_SENT}
        </p>
      )}
      {limited && (
        <p className="field__error form__limited" role="alert">
          {limited}
        </p>
      )}
      <p className="signup__note">No spam. Unsubscribe anytime</p>
      <SocialLinks className="social-links--light" />
    </section>
  );
}
