import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { serverMessage } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { EmailField } from '../../shared/EmailField.js';
import { SitePage } from '../content/SitePage.js';
import { useRedeemCodeMutation } from './redeemApi.js';

const TITLE = 'Redeem a download code';

/** `/redeem`: the code from a download card and an email; the links are emailed. */
export function RedeemPage() {
  const id = useId();
  // A card's printed address (`/redeem?code=…`) fills the code in.
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => (params.get('code') ?? '').trim().slice(0, 40));
  const [email, setEmail] = useState('');
  const [redeem, { isLoading }] = useRedeemCodeMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { message } = await redeem({ code: code.trim(), email: email.trim() }).unwrap();
      setResult({ ok: true, message });
      setCode('');
    } catch (error) {
      setResult({
        ok: false,
        message:
          serverMessage(error) ?? 'The code could not be redeemed just now; please try again.',
      });
    }
  };

  return (
    <SitePage documentTitle={`${TITLE} · ${artist.name}`} className="content-page">
      <h1>{TITLE}</h1>
      <p>Type the code from your download card and where to send the download links.</p>
      <form onSubmit={submit} className="redeem__form">
        <div className="field">
          <label htmlFor={`${id}-code`}>Code</label>
          <input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
          />
        </div>
        <EmailField
          id={`${id}-email`}
          label="Email"
          value={email}
          onChange={setEmail}
          maxLength={320}
          required
        />
        <button type="submit" className="button" disabled={isLoading}>
          Send my download links
        </button>
      </form>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? '' : 'field__error'}>
          {result.message}
        </p>
      )}
    </SitePage>
  );
}
