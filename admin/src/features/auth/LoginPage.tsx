import { useAppDispatch } from '../../app/store.js';
import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { errorMessage, isHttpError, serverMessage } from '../../app/api.js';
import { setAuthenticated, useGetSessionQuery, useLoginMutation } from './authApi.js';

function loginError(err: unknown): string {
  if (isHttpError(err) && err.status === 'FETCH_ERROR') {
    return err.message ? `Connection failed: ${err.message}` : 'Network error. Please try again.';
  }
  return serverMessage(err) ?? 'Login failed';
}

export function LoginPage() {
  const { data: session } = useGetSessionQuery();
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  if (session?.authenticated) return <Navigate to="/admin" replace />;

  const onFinish = async ({ password }: { password: string }) => {
    setError(null);
    try {
      const res = await login({ password }).unwrap();
      if (!res?.success) {
        setError(res?.message || 'Login failed');
        return;
      }
      dispatch(setAuthenticated(true));
      navigate('/admin', { replace: true });
    } catch (err) {
      setError(loginError(err) || errorMessage(err));
    }
  };

  return (
    <main className="admin-login">
      <Card
        title={<h1 style={{ fontSize: 16, margin: 0 }}>Admin Login</h1>}
        style={{ maxWidth: 400, margin: '15vh auto 0' }}
      >
        <Form layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Required' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {isLoading ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/">Back to Site</Link>
        </p>
      </Card>
    </main>
  );
}
