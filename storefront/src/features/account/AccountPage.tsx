import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import {
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
  serverMessage,
  type Account,
  type AccountMembership,
  type AccountTopics,
  type CampaignTopic,
} from '@artist/contracts';
import type { HttpError } from '../../app/http.js';
import { AccountShell } from './AccountShell.js';
import {
  useAddPasskeyMutation,
  useCancelNotifyMutation,
  useEraseAccountMutation,
  useGetAccountQuery,
  useGetLibraryQuery,
  useGetNotifyRequestsQuery,
  useGetOrdersQuery,
  useMembershipPortalMutation,
  usePasskeyRegistrationOptionsMutation,
  useRemovePasskeyMutation,
  useSavePreferencesMutation,
  useSignOutMutation,
  useVerifyMutation,
} from './accountApi.js';

const TOPIC_LABELS: Record<CampaignTopic, string> = {
  news: 'News and the newsletter',
  shows: 'Shows announced near me',
  releases: 'New releases',
};

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const size = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} KB`;

/**
 * `/account`: the signed-in fan's orders, library, email choices, passkeys and data. Opened from
 * the sign-in email's link (`?token=…`), it signs her in first.
 */
export function AccountPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token');
  const [verify] = useVerifyMutation();
  const [linkError, setLinkError] = useState<string | null>(null);
  const tried = useRef(false);
  useEffect(() => {
    if (!token || tried.current) return;
    tried.current = true;
    verify({ token })
      .unwrap()
      .then(() => navigate(ACCOUNT_PATH, { replace: true }))
      .catch((err: unknown) => {
        setLinkError(serverMessage(err) ?? 'This sign-in link no longer works.');
        navigate(ACCOUNT_PATH, { replace: true });
      });
  }, [token, verify, navigate]);
  const account = useGetAccountQuery(undefined, { skip: Boolean(token) });

  if (token || account.isLoading)
    return (
      <AccountShell title="Your account">
        <p role="status">Loading your account…</p>
      </AccountShell>
    );
  if (account.error || !account.data) {
    const signedOut = (account.error as HttpError | undefined)?.status === 401;
    return (
      <AccountShell title="Your account">
        {linkError && (
          <p role="alert" className="field__error">
            {linkError}
          </p>
        )}
        <p>
          {signedOut
            ? 'Sign in to see your orders, download your music and choose your emails.'
            : 'Your account could not be loaded just now; please try again.'}
        </p>
        <Link className="button" to={ACCOUNT_SIGN_IN_PATH}>
          Sign in
        </Link>
      </AccountShell>
    );
  }
  return <SignedIn account={account.data} />;
}

function SignedIn({ account }: { account: Account }) {
  const navigate = useNavigate();
  const [signOut] = useSignOutMutation();
  return (
    <AccountShell title="Your account">
      <p>
        Signed in as <strong>{account.email}</strong>.{' '}
        <button
          type="button"
          className="button button--outline"
          onClick={async () => {
            await signOut()
              .unwrap()
              .catch(() => undefined);
            navigate(ACCOUNT_SIGN_IN_PATH);
          }}
        >
          Sign out
        </button>
      </p>
      {account.membership ? <Membership membership={account.membership} /> : <JustJoined />}
      <Library />
      <Orders />
      <Emails account={account} />
      <NotifyRequests />
      <Passkeys account={account} />
      <YourData account={account} />
    </AccountShell>
  );
}

/** Back from paying for a membership that the payment's confirmation has not made yet. */
function JustJoined() {
  const { search } = useLocation();
  if (new URLSearchParams(search).get('membership') !== 'joined') return null;
  return (
    <p role="status" className="account__section">
      Thank you for joining! Your membership shows here as soon as the payment is confirmed: reload
      this page in a moment.
    </p>
  );
}

const STATUS_LABELS: Record<AccountMembership['status'], string> = {
  incomplete: 'Waiting for the first payment',
  active: 'Active',
  past_due: 'Your card was declined: please update it',
  ended: 'Ended',
};

/** Her membership: tier, status, the next renewal or the day it ends, and Stripe's portal. */
function Membership({ membership }: { membership: AccountMembership }) {
  const [portal, opening] = useMembershipPortalMutation();
  const [error, setError] = useState<string | null>(null);
  const manage = async () => {
    setError(null);
    try {
      window.location.assign((await portal().unwrap()).url);
    } catch (err) {
      setError(serverMessage(err) ?? 'The membership page could not be opened; please try again.');
    }
  };
  return (
    <section aria-labelledby="membership-title" className="account__section">
      <h2 id="membership-title">Your membership</h2>
      <p>
        <strong>{membership.tierName ?? 'Membership'}</strong>
        {membership.interval && `, by the ${membership.interval}`}:{' '}
        {STATUS_LABELS[membership.status]}.
      </p>
      {membership.endsAt ? (
        <p>Ends on {day(membership.endsAt)}.</p>
      ) : (
        membership.renewsAt && <p>Renews on {day(membership.renewsAt)}.</p>
      )}
      {membership.perks.allDownloads && (
        <p>Every release is in your library while you are a member.</p>
      )}
      <button type="button" className="button" onClick={manage} disabled={opening.isLoading}>
        Change card or cancel
      </button>
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </section>
  );
}

function Library() {
  const { data, isLoading } = useGetLibraryQuery();
  return (
    <section aria-labelledby="library-title" className="account__section">
      <h2 id="library-title">Your library</h2>
      {isLoading ? (
        <p>Loading…</p>
      ) : !data?.length ? (
        <p>Releases you buy or redeem a code for appear here, to download whenever you like.</p>
      ) : (
        <ul className="account__list">
          {data.map((release) => (
            <li key={release.productId}>
              <strong>{release.title}</strong>
              <ul>
                {release.formats.map((f) => (
                  <li key={f.format}>
                    <a href={f.url} download>
                      Download {release.title} ({f.format}, {size(f.bytes)})
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Orders() {
  const { data, isLoading } = useGetOrdersQuery();
  return (
    <section aria-labelledby="orders-title" className="account__section">
      <h2 id="orders-title">Your orders</h2>
      {isLoading ? (
        <p>Loading…</p>
      ) : !data?.length ? (
        <p>No orders with this address yet.</p>
      ) : (
        <ul className="account__list">
          {data.map((order) => (
            <li key={order.id}>
              <strong>
                Order {order.number}, {day(order.createdAt)}
              </strong>{' '}
              (
              {order.status === 'shipped'
                ? 'shipped'
                : order.status === 'refunded'
                  ? 'refunded'
                  : 'paid'}
              )
              <ul>
                {order.lines.map((line) => (
                  <li key={line.id}>
                    {line.quantity} × {line.productName}
                    {line.size ? ` (${line.size})` : ''}:{' '}
                    {money(line.unitPriceCents * line.quantity)}
                  </li>
                ))}
              </ul>
              <span>Total {money(order.total)}</span>
              {order.trackingNumber && (
                <span>
                  {' '}
                  · Tracking{' '}
                  {order.trackingUrl ? (
                    <a href={order.trackingUrl} rel="noopener noreferrer" target="_blank">
                      {order.trackingNumber}
                    </a>
                  ) : (
                    order.trackingNumber
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Emails({ account }: { account: Account }) {
  const id = useId();
  const [topics, setTopics] = useState<AccountTopics>(account.topics);
  const [place, setPlace] = useState(account.location ?? '');
  const [save, saving] = useSavePreferencesMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ topics, location: place.trim() || null }).unwrap();
      const off = !topics.news && !topics.shows && !topics.releases;
      setResult({
        ok: true,
        message: off ? 'Saved: you will get no more campaign emails.' : 'Saved.',
      });
    } catch (err) {
      setResult({ ok: false, message: serverMessage(err) ?? 'Not saved; please try again.' });
    }
  };
  return (
    <section aria-labelledby="emails-title" className="account__section">
      <h2 id="emails-title">Your emails</h2>
      <form onSubmit={submit}>
        <fieldset>
          <legend>Email me about</legend>
          {(Object.keys(TOPIC_LABELS) as CampaignTopic[]).map((topic) => (
            <div key={topic} className="field field--inline">
              <input
                id={`${id}-${topic}`}
                type="checkbox"
                checked={topics[topic]}
                onChange={(e) => setTopics({ ...topics, [topic]: e.target.checked })}
              />
              <label htmlFor={`${id}-${topic}`}>{TOPIC_LABELS[topic]}</label>
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-place`}>
            Your city, or ZIP or postal code (for shows near you)
          </label>
          <input
            id={`${id}-place`}
            value={place}
            onChange={(e) => setPlace(e.target.value)}
            maxLength={100}
            autoComplete="address-level2"
          />
        </div>
        <button type="submit" className="button" disabled={saving.isLoading}>
          Save my email choices
        </button>
        {result && (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? '' : 'field__error'}>
            {result.message}
          </p>
        )}
      </form>
    </section>
  );
}

function NotifyRequests() {
  const { data } = useGetNotifyRequestsQuery();
  const [cancel] = useCancelNotifyMutation();
  if (!data?.length) return null;
  return (
    <section aria-labelledby="notify-title" className="account__section">
      <h2 id="notify-title">Back-in-stock alerts</h2>
      <ul className="account__list">
        {data.map((request) => (
          <li key={request.id}>
            {request.productName}
            {request.size ? ` (${request.size})` : ''}{' '}
            <button
              type="button"
              className="button button--outline"
              onClick={() => void cancel(request.id)}
            >
              Cancel the alert for {request.productName}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Passkeys({ account }: { account: Account }) {
  const [options] = usePasskeyRegistrationOptionsMutation();
  const [add, adding] = useAddPasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const addPasskey = async () => {
    setResult(null);
    try {
      const optionsJSON = (await options().unwrap()) as PublicKeyCredentialCreationOptionsJSON;
      const answer = await startRegistration({ optionsJSON });
      await add(answer).unwrap();
      setResult({ ok: true, message: 'Passkey added: next time, sign in with it.' });
    } catch (err) {
      setResult({
        ok: false,
        message: serverMessage(err) ?? 'The passkey was not added.',
      });
    }
  };
  return (
    <section aria-labelledby="passkeys-title" className="account__section">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>Sign in with your fingerprint, face or device PIN instead of a code by email.</p>
      {account.passkeys.length > 0 && (
        <ul className="account__list">
          {account.passkeys.map((p, i) => (
            <li key={p.id}>
              Passkey {i + 1}, added {day(p.createdAt)}
              {p.lastUsedAt ? `, last used ${day(p.lastUsedAt)}` : ''}{' '}
              <button
                type="button"
                className="button button--outline"
                onClick={() => void remove(p.id)}
              >
                Remove passkey {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button" onClick={addPasskey} disabled={adding.isLoading}>
        Add a passkey
      </button>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? '' : 'field__error'}>
          {result.message}
        </p>
      )}
    </section>
  );
}

function YourData({ account }: { account: Account }) {
  const id = useId();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState('');
  const [erase, erasing] = useEraseAccountMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await erase({ confirm }).unwrap();
      navigate('/');
    } catch (err) {
      setError(serverMessage(err) ?? 'Your data could not be erased just now; please try again.');
    }
  };
  return (
    <section aria-labelledby="data-title" className="account__section">
      <h2 id="data-title">Your data</h2>
      <p>
        <a href="/api/account/export" download>
          Download my data
        </a>{' '}
        (everything held about you, as JSON).
      </p>
      <form onSubmit={submit}>
        <p>
          Erasing your account deletes your data, passkeys and sign-ins. An order still to ship
          keeps what shipping needs until it ships.
        </p>
        <div className="field">
          <label htmlFor={`${id}-confirm`}>Type {account.email} to confirm</label>
          <input
            id={`${id}-confirm`}
            type="email"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="off"
            required
          />
        </div>
        <button type="submit" className="button button--outline" disabled={erasing.isLoading}>
          Erase my account
        </button>
        {error && (
          <p role="alert" className="field__error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
