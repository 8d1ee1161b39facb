import { Alert, Button, Card, Form, Input } from 'antd';
import { Link } from 'react-router-dom';

export function LoginPage() {
  return (
    <main className="admin-login">
      <Card title="Admin Login" style={{ maxWidth: 400, margin: '15vh auto 0' }}>
        <Form layout="vertical" requiredMark={false}>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Required' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Alert
            type="info"
            title="Sign in to manage shows, orders and messages."
            style={{ marginBottom: 16 }}
          />
          <Button type="primary" htmlType="submit" block>
            Login
          </Button>
        </Form>
        <p style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/">Back to Site</Link>
        </p>
      </Card>
    </main>
  );
}
