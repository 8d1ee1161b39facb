import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessage } from '@artist/contracts';
import { errorMessage } from '../../app/api.js';
import { setAuthenticated } from './authApi.js';
import { useConfirmPasswordResetMutation } from './accountApi.js';
import { useAppDispatch } from '../../app/store.js';

interface Values {
  password: string;
  repeat: string;
}

/** The emailed link's page: a new password, after which every session is logged out. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, { isLoading }] = useConfirmPasswordResetMutation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const dispatch = useAppDispatch();

  const onFinish = async ({ password }: Values) => {
    setError(null);
    try {
      const res = await confirm({ token, password }).unwrap();
      dispatch(setAuthenticated(false));
      setDone(res.message);
    } catch (err) {
      setError(serverMessage(err) ?? errorMessage(err));
    }
  };

  return (
    <main className="admin-login">
      <Card
        title={<h1 style={{ fontSize: 16, margin: 0 }}>Choose a new password</h1>}
        style={{ maxWidth: 400, margin: '15vh auto 0' }}
      >
        {done ? (
          <>
            <Alert type="success" title={done} showIcon style={{ marginBottom: 16 }} />
            <Link to="/admin/login">Go to the login page</Link>
          </>
        ) : !token ? (
          <>
            <Alert
              type="error"
              showIcon
              title="This link has no reset token. Open the link from the email again, or ask for a new one."
              style={{ marginBottom: 16 }}
            />
            <Link to="/admin/login">Back to the login page</Link>
          </>
        ) : (
          <Form<Values> layout="vertical" requiredMark={false} onFinish={onFinish}>
            <Form.Item
              label="New password"
              name="password"
              rules={[
                { required: true, message: 'Enter a new password' },
                { min: 8, message: 'At least 8 characters' },
              ]}
            >
              <Input.Password autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item
              label="New password again"
              name="repeat"
              dependencies={['password']}
              rules={[
                { required: true, message: 'Enter it again' },
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    !value || value === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error('The two passwords are not the same')),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" block loading={isLoading}>
              Set new password
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
