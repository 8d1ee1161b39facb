import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ACCOUNT_PATH, serverMessage } from '@artist/contracts';
import { EmailField } from '../../shared/EmailField.js';
import { AccountShell } from './AccountShell.js';
import {
  usePasskeySignInMutation,
  usePasskeySignInOptionsMutation,
  useRequestCodeMutation,
  useVerifyMutation,
} from './accountApi.js';

/**
 * `/account/sign-in`: her email, then the 6-digit code the email brings (or its link); or a
 * passkey, with no email at all.
 */
export function SignInPage() {
  const id = useId();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [requestCode, requesting] = useRequestCodeMutation();
  const [verify, verifying] = useVerifyMutation();
  const [passkeyOptions] = usePasskeySignInOptionsMutation();
  const [passkeySignIn, passkeyState] = usePasskeySignInMutation();

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { message } = await requestCode({ email: email.trim() }).unwrap();
      setSent(message);
    } catch (err) {
      setError(serverMessage(err) ?? 'The code could not be sent just now; please try again.');
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await verify({ email: email.trim(), code: code.trim() }).unwrap();
      navigate(ACCOUNT_PATH);
    } catch (err) {
      setError(serverMessage(err) ?? 'The code could not be checked just now; please try again.');
    }
  };

  const withPasskey = async () => {
    setError(null);
    try {
      const options = (await passkeyOptions().unwrap()) as PublicKeyCredentialRequestOptionsJSON;
      const answer = await startAuthentication({ optionsJSON: options });
      await passkeySignIn(answer).unwrap();
      navigate(ACCOUNT_PATH);
    } catch (err) {
      setError(
        serverMessage(err) ?? 'Signing in with a passkey did not work; try the code by email.',
      );
    }
  };

  return (
    <AccountShell title="Sign in to your account">
      <p>
        No password: we email you a 6-digit code and a link. Your orders, your music library and
        your email choices are waiting.
      </p>
      {!sent ? (
        <form onSubmit={ask} className="account__form">
          <EmailField
            id={`${id}-email`}
            label="Email"
            value={email}
            onChange={setEmail}
            autoComplete="email webauthn"
            maxLength={254}
            required
          />
          <button type="submit" className="button" disabled={requesting.isLoading}>
            Email me a code
          </button>
        </form>
      ) : (
        <form onSubmit={check} className="account__form">
          <p role="status">{sent}</p>
          <div className="field">
            <label htmlFor={`${id}-code`}>6-digit code</label>
            <input
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
          </div>
          <button type="submit" className="button" disabled={verifying.isLoading}>
            Sign in
          </button>{' '}
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              setSent(null);
              setCode('');
            }}
          >
            Use another email
          </button>
        </form>
      )}
      <h2>Or use a passkey</h2>
      <p>If you added a passkey to your account, sign in with it: no email needed.</p>
      <button
        type="button"
        className="button button--outline"
        onClick={withPasskey}
        disabled={passkeyState.isLoading}
      >
        Sign in with a passkey
      </button>
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </AccountShell>
  );
}
