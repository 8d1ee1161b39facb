import { useState } from 'react';
import { serverMessage, type MembershipInterval, type MembershipTier } from '@artist/contracts';
import { EmailField } from '../../shared/EmailField.js';
import { useAppDispatch } from '../../app/store.js';
import { accountApi } from '../account/accountApi.js';
import { redirectTo } from '../cart/checkoutApi.js';
import { useJoinMembershipMutation } from './joinApi.js';
import { perkSentences, price } from './perks.js';
import './membership.css';

interface Choice {
  tier: MembershipTier;
  interval: MembershipInterval;
}

/**
 * The open tiers, each with its perks and a join button per interval it is priced for. A
 * signed-in fan goes straight to the payment page; otherwise the join asks for her email first.
 */
export default function MembershipTiers({ tiers }: { tiers: MembershipTier[] }) {
  const dispatch = useAppDispatch();
  const { isSuccess: signedIn } = accountApi.useGetAccountQuery();
  const [join, { isLoading }] = useJoinMembershipMutation();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = async (chosen: Choice, address?: string) => {
    setError(null);
    try {
      const { url } = await join({
        tierId: chosen.tier.id,
        interval: chosen.interval,
        ...(address ? { email: address } : {}),
      }).unwrap();
      redirectTo.assign(url);
    } catch (err) {
      setError(serverMessage(err) ?? 'Joining could not start; please try again.');
    }
  };

  const choose = async (chosen: Choice) => {
    // A join pressed while the account's answer is still on its way waits for it (the request
    // under way, not another), so a signed-in fan is never asked for her email.
    const account = await dispatch(
      accountApi.endpoints.getAccount.initiate(undefined, { subscribe: false }),
    );
    setChoice(chosen);
    if (account.isSuccess) void start(chosen);
  };

  return (
    <>
      <p className="section__subtitle">Support the music month by month, and get more of it.</p>
      <ul className="membership__tiers">
        {tiers.map((tier) => (
          <li key={tier.id} className="membership__tier">
            <h3>{tier.name}</h3>
            <p>{tier.description}</p>
            <ul className="membership__perks">
              {perkSentences(tier.perks).map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
            <div className="membership__joins">
              <button
                type="button"
                className="button"
                disabled={isLoading}
                onClick={() => void choose({ tier, interval: 'month' })}
              >
                Join for {price(tier.monthlyPriceCents)} a month
              </button>
              {tier.yearlyPriceCents !== null && (
                <button
                  type="button"
                  className="button button--outline"
                  disabled={isLoading}
                  onClick={() => void choose({ tier, interval: 'year' })}
                >
                  Join for {price(tier.yearlyPriceCents)} a year
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {choice && !signedIn && (
        <form
          className="membership__email"
          aria-label={`Join ${choice.tier.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void start(choice, email.trim());
          }}
        >
          <p>
            Joining <strong>{choice.tier.name}</strong> by the {choice.interval}: the email address
            your membership goes with.
          </p>
          <EmailField
            id="membership-email"
            label="Email"
            value={email}
            onChange={setEmail}
            required
            maxLength={320}
          />
          <button type="submit" className="button" disabled={isLoading}>
            Continue to payment
          </button>
        </form>
      )}
      {error && (
        <p className="membership__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
