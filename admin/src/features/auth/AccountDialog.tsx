import { useEffect, useId, useState } from 'react';
import { type TwoFactorSetup, type TwoFactorSetupRequest, serverMessage } from '@artist/contracts';
import { Alert, Button, Divider, Flex, Input, Modal, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { errorMessage } from '../../app/api.js';
import { CopyButton } from '../../components/CopyButton.js';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetTwoFactorQuery,
  useSetUpTwoFactorMutation,
} from './accountApi.js';

const messageOf = (err: unknown) => serverMessage(err) ?? errorMessage(err);

/** Six digits are the app's code; anything else is the password (which is longer). */
const proofOf = (typed: string): TwoFactorSetupRequest =>
  /^\d{6}$/.test(typed.trim()) ? { code: typed.trim() } : { password: typed };

/** The otpauth address as an SVG QR code, for the authenticator app's camera. */
function QrCode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (text) => live && setSvg(text),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <Spin aria-label="Drawing the QR code" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with your authenticator app"
      width={200}
      height={200}
      style={{ background: '#fff' }}
    />
  );
}

/**
 * Set-up: scan, enter a code, then the ten recovery codes, shown this once. `again` (two-step
 * login is on, e.g. for a new phone) first asks for the current code or the password.
 */
function SetUp({ onDone, again = false }: { onDone: () => void; again?: boolean }) {
  const [setUp, { isLoading: starting }] = useSetUpTwoFactorMutation();
  const [enable, { isLoading: enabling }] = useEnableTwoFactorMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [proof, setProof] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const proofId = useId();

  const start = async () => {
    setError(null);
    try {
      setSetup(await setUp(again ? proofOf(proof) : {}).unwrap());
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const turnOn = async () => {
    setError(null);
    try {
      setCodes((await enable(code.trim()).unwrap()).recoveryCodes);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  // Set up again, two-step login stays on and this stays shown: back to its first step.
  const saved = () => {
    setCodes(null);
    setSetup(null);
    setProof('');
    setCode('');
    onDone();
  };

  if (codes) {
    return (
      <Flex vertical gap={12}>
        <Alert type="success" showIcon title="Two-step login is on." />
        <Typography.Text>
          Keep these recovery codes somewhere safe, away from your phone. Each logs you in once if
          the phone is lost. They are shown only now.
        </Typography.Text>
        <ol aria-label="Recovery codes" style={{ fontFamily: 'monospace', margin: 0 }}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <Flex gap={8} wrap align="center">
          <CopyButton value={codes.join('\n')} label="Copy the recovery codes" />
          <Button
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join('\n')}\n`)}`}
            download="recovery-codes.txt"
          >
            Download as a file
          </Button>
          <Button type="primary" onClick={saved}>
            I have saved these codes
          </Button>
        </Flex>
      </Flex>
    );
  }
  if (!setup && again) {
    return (
      <Flex vertical gap={12}>
        <Typography.Text>
          On a new phone, set two-step login up again: the new app&apos;s codes and new recovery
          codes replace the old ones.
        </Typography.Text>
        <label htmlFor={proofId}>Current code from the app, or your password</label>
        <Input.Password
          id={proofId}
          value={proof}
          onChange={(e) => setProof(e.target.value)}
          autoComplete="current-password"
          style={{ maxWidth: 260 }}
        />
        {error && <Alert type="error" showIcon title={error} />}
        <div>
          <Button onClick={start} loading={starting} disabled={!proof.trim()}>
            Set up again
          </Button>
        </div>
      </Flex>
    );
  }
  if (!setup) {
    return (
      <Flex vertical gap={12}>
        <Typography.Text>
          Two-step login asks for a code from an authenticator app on your phone after the password,
          so a stolen password alone cannot open the dashboard.
        </Typography.Text>
        {error && <Alert type="error" showIcon title={error} />}
        <div>
          <Button type="primary" onClick={start} loading={starting}>
            Set up two-step login
          </Button>
        </div>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        Scan this code with your authenticator app (or type the key below into it), then enter the
        6-digit code it shows.
      </Typography.Text>
      <QrCode value={setup.otpauthUrl} />
      <Typography.Text>
        Key:{' '}
        <Typography.Text code copyable>
          {setup.secret}
        </Typography.Text>
      </Typography.Text>
      <label htmlFor={codeId}>Code from the app</label>
      <Input
        id={codeId}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        style={{ maxWidth: 160 }}
      />
      {error && <Alert type="error" showIcon title={error} />}
      <div>
        <Button type="primary" onClick={turnOn} loading={enabling} disabled={!code.trim()}>
          Turn on two-step login
        </Button>
      </div>
    </Flex>
  );
}

/** Two-step login is on: how many recovery codes are left, and turning it off with a code. */
function TurnOff({ left, onDone }: { left: number; onDone: () => void }) {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const turnOff = async () => {
    setError(null);
    try {
      await disable(code.trim()).unwrap();
      onDone();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <Flex vertical gap={12}>
      <Alert
        type="success"
        showIcon
        title="Two-step login is on."
        description={`${left} recovery ${left === 1 ? 'code is' : 'codes are'} left.`}
      />
      <label htmlFor={codeId}>Code from the app, or a recovery code, to turn it off</label>
      <Input
        id={codeId}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        style={{ maxWidth: 220 }}
      />
      {error && <Alert type="error" showIcon title={error} />}
      <div>
        <Button danger onClick={turnOff} loading={isLoading} disabled={!code.trim()}>
          Turn off two-step login
        </Button>
      </div>
    </Flex>
  );
}

/** The artist's account: two-step login. */
export function AccountDialog({ onClose }: { onClose: () => void }) {
  const { data, isLoading, error, refetch } = useGetTwoFactorQuery();
  // The status is read again only when a step is done, so the recovery codes stay on screen.
  const done = () => void refetch();
  return (
    <Modal open title="Account" onCancel={onClose} footer={null} destroyOnHidden width={520}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        Two-step login
      </Typography.Title>
      {isLoading && <Spin aria-label="Loading" />}
      {error && <Alert type="error" showIcon title="Failed to load the account" />}
      {data &&
        (data.enabled ? (
          <>
            <TurnOff left={data.recoveryCodesLeft} onDone={done} />
            <Divider />
            <SetUp again onDone={done} />
          </>
        ) : (
          <SetUp onDone={done} />
        ))}
    </Modal>
  );
}

/** The header's button that opens the account dialog. */
export function AccountButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Account</Button>
      {open && <AccountDialog onClose={() => setOpen(false)} />}
    </>
  );
}
