import { useAppDispatch } from '../../app/store.js';
import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import {
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  TWO_FACTOR_CODE_WRONG_MESSAGE,
  serverMessage,
} from '@artist/contracts';
import { errorMessage, isHttpError } from '../../app/api.js';
import { setAuthenticated, useGetSessionQuery, useLoginMutation } from './authApi.js';
import { useRequestPasswordResetMutation } from './accountApi.js';

function loginError(err: unknown): string {
  if (isHttpError(err) && err.status === 'FETCH_ERROR') {
    return err.message ? `Connection failed: ${err.message}` : 'Network error. Please try again.';
  }
  return serverMessage(err) ?? 'Login failed';
}

const CODE_MESSAGES = [TWO_FACTOR_CODE_REQUIRED_MESSAGE, TWO_FACTOR_CODE_WRONG_MESSAGE];

interface Values {
  password: string;
  code?: string;
}

/** "Forgot password?": a link to reset it goes to the artist's own address. */
function ForgotPassword() {
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const onSend = async () => {
    setError(null);
    try {
      setSent((await request().unwrap()).message);
    } catch (err) {
      setError(serverMessage(err) ?? errorMessage(err));
    }
  };

  if (!open) {
    return (
      <Button type="link" onClick={() => setOpen(true)} style={{ paddingInline: 0 }}>
        Forgot password?
      </Button>
    );
  }
  return (
    <section aria-label="Reset your password" style={{ marginTop: 16 }}>
      {sent ? (
        <Alert type="success" showIcon title={sent} />
      ) : (
        <>
          <p style={{ marginTop: 0 }}>
            We&apos;ll email a link to choose a new password to the site&apos;s admin address. It
            works once, for 30 minutes.
          </p>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          <Button onClick={onSend} loading={isLoading} block>
            Email me a reset link
          </Button>
        </>
      )}
    </section>
  );
}

export function LoginPage() {
  const { data: session } = useGetSessionQuery();
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  if (session?.authenticated) return <Navigate to="/admin" replace />;

  const onFinish = async ({ password, code }: Values) => {
    setError(null);
    try {
      const res = await login({
        password,
        ...(code?.trim() ? { code: code.trim() } : {}),
      }).unwrap();
      if (!res?.success) {
        setError(res?.message || 'Login failed');
        return;
      }
      dispatch(setAuthenticated(true));
      navigate('/admin', { replace: true });
    } catch (err) {
      const message = loginError(err) || errorMessage(err);
      if (CODE_MESSAGES.includes(message)) setNeedsCode(true);
      // The first ask for the code is the next step of signing in, not a mistake.
      setError(message === TWO_FACTOR_CODE_REQUIRED_MESSAGE ? null : message);
    }
  };

  return (
    <main className="admin-login">
      <Card
        title={<h1 style={{ fontSize: 16, margin: 0 }}>Admin Login</h1>}
        style={{ maxWidth: 400, margin: '15vh auto 0' }}
      >
        <Form<Values> layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Required' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          {needsCode && (
            <Form.Item
              label="Authentication code"
              name="code"
              extra="The 6-digit code of your authenticator app, or a recovery code."
              rules={[{ required: true, message: 'Enter the code' }]}
            >
              <Input autoComplete="one-time-code" inputMode="text" autoFocus />
            </Form.Item>
          )}
          {needsCode && !error && (
            <Alert
              type="info"
              role="status"
              title={TWO_FACTOR_CODE_REQUIRED_MESSAGE}
              showIcon
              style={{ marginBottom: 16 }}
            />
          )}
          {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {isLoading ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
        <ForgotPassword />
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/">Back to Site</Link>
        </p>
      </Card>
    </main>
  );
}
