import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TWO_FACTOR_CODE_REQUIRED_MESSAGE, TWO_FACTOR_CODE_WRONG_MESSAGE } from '@artist/contracts';
import { json, renderAdmin, signedIn, stubFetch } from '../../test/render.js';
import { SHOWS, listRoute } from '../../test/listServer.js';

const location = () => screen.getByTestId('location').textContent;

it('asks for the code of the app once the password is right, and sends both', async () => {
  const { requests } = stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/login': (req) => {
      const { code } = req.body as { code?: string };
      if (!code) return json(401, { statusCode: 401, message: TWO_FACTOR_CODE_REQUIRED_MESSAGE });
      if (code !== '123456')
        return json(401, { statusCode: 401, message: TWO_FACTOR_CODE_WRONG_MESSAGE });
      return json(200, { success: true, message: 'Logged in.' });
    },
    'GET /api/admin/shows': listRoute(SHOWS, []),
  });
  renderAdmin('/admin/login');
  expect(screen.queryByLabelText('Authentication code')).toBeNull();
  await userEvent.type(screen.getByLabelText('Password'), 'secret password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  // The ask for the code is the next step, said as such: not an error.
  expect(await screen.findByText(TWO_FACTOR_CODE_REQUIRED_MESSAGE)).toBeInTheDocument();
  expect(screen.getByText(TWO_FACTOR_CODE_REQUIRED_MESSAGE).closest('[role=status]')).toHaveClass(
    'ant-alert-info',
  );
  expect(screen.queryByRole('alert')).toBeNull();
  expect(document.querySelector('.ant-alert-error')).toBeNull();
  const code = screen.getByLabelText('Authentication code');
  await userEvent.type(code, '654321');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_CODE_WRONG_MESSAGE),
  );
  await userEvent.clear(code);
  await userEvent.type(code, '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(location()).toBe('/admin'));
  const logins = requests.filter((r) => r.path === '/api/admin/login').map((r) => r.body);
  expect(logins).toEqual([
    { password: 'secret password' },
    { password: 'secret password', code: '654321' },
    { password: 'secret password', code: '123456' },
  ]);
});

it('emails a reset link from "Forgot password?" and says so', async () => {
  const reply = 'If an email address is set up for the admin, a link is on its way.';
  const { requests } = stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/password-reset': json(202, { success: true, message: reply }),
  });
  renderAdmin('/admin/login');
  await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  await userEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
  expect(await screen.findByText(reply)).toBeInTheDocument();
  expect(requests.filter((r) => r.path === '/api/admin/password-reset')).toHaveLength(1);
});

it("sets a new password from the link's token and says every session was logged out", async () => {
  const done = 'Your password is changed, and every session was logged out. Log in with it now.';
  const { requests } = stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/password-reset/confirm': json(200, { success: true, message: done }),
  });
  renderAdmin('/admin/reset-password?token=abc123');
  await userEvent.type(screen.getByLabelText('New password'), 'a new password');
  await userEvent.type(screen.getByLabelText('New password again'), 'a new passwor');
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('New password again'), 'd');
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  expect(await screen.findByText(done)).toBeInTheDocument();
  expect(requests.find((r) => r.path === '/api/admin/password-reset/confirm')!.body).toEqual({
    token: 'abc123',
    password: 'a new password',
  });
  await userEvent.click(screen.getByRole('link', { name: 'Go to the login page' }));
  expect(location()).toBe('/admin/login');
});

it('shows the refusal of a used or expired link', async () => {
  const used =
    'This reset link has expired or was already used. Ask for a new one from the login page.';
  stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/password-reset/confirm': json(400, { statusCode: 400, message: used }),
  });
  renderAdmin('/admin/reset-password?token=old');
  await userEvent.type(screen.getByLabelText('New password'), 'a new password');
  await userEvent.type(screen.getByLabelText('New password again'), 'a new password');
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(used);
});

it('sets up two-step login from the Account dialog: QR code, code, recovery codes once', async () => {
  let enabled = false;
  const recoveryCodes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-000${i}`);
  const { requests } = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, []),
    'GET /api/admin/2fa': () => json(200, { enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
    'POST /api/admin/2fa/setup': json(200, {
      otpauthUrl: 'otpauth://totp/Wren%20Calloway%20admin:admin?secret=JBSWY3DPEHPK3PXP',
      secret: 'JBSWY3DPEHPK3PXP',
    }),
    'POST /api/admin/2fa/enable': (req) => {
      if ((req.body as { code: string }).code !== '123456')
        return json(400, { statusCode: 400, message: 'That code is not right.' });
      enabled = true;
      return json(200, { enabled: true, recoveryCodes });
    },
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  const dialog = within(await screen.findByRole('dialog'));
  await userEvent.click(await dialog.findByRole('button', { name: 'Set up two-step login' }));
  const qr = await dialog.findByRole('img', {
    name: 'QR code to scan with your authenticator app',
  });
  expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(dialog.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
  await userEvent.type(dialog.getByLabelText('Code from the app'), '000000');
  await userEvent.click(dialog.getByRole('button', { name: 'Turn on two-step login' }));
  expect(await dialog.findByText('That code is not right.')).toBeInTheDocument();
  await userEvent.clear(dialog.getByLabelText('Code from the app'));
  await userEvent.type(dialog.getByLabelText('Code from the app'), '123456');
  await userEvent.click(dialog.getByRole('button', { name: 'Turn on two-step login' }));
  const list = await dialog.findByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(recoveryCodes);
  // They can be copied, or downloaded as a file of one code a line.
  expect(dialog.getByRole('button', { name: 'Copy the recovery codes' })).toBeInTheDocument();
  const file = dialog.getByRole('link', { name: 'Download as a file' });
  expect(file).toHaveAttribute('download', 'recovery-codes.txt');
  expect(decodeURIComponent(file.getAttribute('href')!.split(',')[1]!)).toBe(
    `${recoveryCodes.join('\n')}\n`,
  );
  await userEvent.click(dialog.getByRole('button', { name: 'I have saved these codes' }));
  expect(await dialog.findByText('10 recovery codes are left.')).toBeInTheDocument();
  expect(dialog.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  expect(requests.filter((r) => r.path === '/api/admin/2fa/enable').map((r) => r.body)).toEqual([
    { code: '000000' },
    { code: '123456' },
  ]);
});

it('asks for the current code or the password to set two-step login up again', async () => {
  const recoveryCodes = Array.from({ length: 10 }, (_, i) => `cccc-dddd-000${i}`);
  const { requests } = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, []),
    'GET /api/admin/2fa': json(200, { enabled: true, recoveryCodesLeft: 7 }),
    'POST /api/admin/2fa/setup': (req) => {
      if ((req.body as { code?: string }).code !== '123456')
        return json(403, { statusCode: 403, message: 'That code or password is not right.' });
      return json(200, {
        otpauthUrl: 'otpauth://totp/Wren%20Calloway%20admin:admin?secret=KRSXG5CTMVRXEZLU',
        secret: 'KRSXG5CTMVRXEZLU',
      });
    },
    'POST /api/admin/2fa/enable': json(200, { enabled: true, recoveryCodes }),
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(await dialog.findByText('7 recovery codes are left.')).toBeInTheDocument();
  const again = dialog.getByRole('button', { name: 'Set up again' });
  expect(again).toBeDisabled();
  const proof = dialog.getByLabelText('Current code from the app, or your password');
  await userEvent.type(proof, 'a wrong password');
  await userEvent.click(again);
  expect(await dialog.findByText('That code or password is not right.')).toBeInTheDocument();
  expect(dialog.queryByRole('img', { name: /QR code/ })).toBeNull();
  await userEvent.clear(proof);
  await userEvent.type(proof, '123456');
  await userEvent.click(again);
  expect(await dialog.findByText('KRSXG5CTMVRXEZLU')).toBeInTheDocument();
  await userEvent.type(dialog.getByLabelText('Code from the app'), '654321');
  await userEvent.click(dialog.getByRole('button', { name: 'Turn on two-step login' }));
  await dialog.findByRole('list', { name: 'Recovery codes' });
  await userEvent.click(dialog.getByRole('button', { name: 'I have saved these codes' }));
  expect(dialog.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  expect(dialog.getByRole('button', { name: 'Set up again' })).toBeInTheDocument();
  expect(requests.filter((r) => r.path === '/api/admin/2fa/setup').map((r) => r.body)).toEqual([
    { password: 'a wrong password' },
    { code: '123456' },
  ]);
});
