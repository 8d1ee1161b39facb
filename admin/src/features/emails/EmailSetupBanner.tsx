import { Alert } from 'antd';
import { useGetEmailStatusQuery } from './emailsApi.js';

/** Shown while SMTP_URL is not set: emails are kept, not sent. */
export function EmailSetupBanner() {
  const { data } = useGetEmailStatusQuery();
  if (!data || data.smtpConfigured) return null;
  const waiting = data.held === 1 ? '1 email is waiting' : `${data.held} emails are waiting`;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="Email is not set up"
      description={`No SMTP server is configured (SMTP_URL), so no email goes out: ${waiting} in the Emails tab. Once it is set, emails younger than three days are sent.`}
    />
  );
}
