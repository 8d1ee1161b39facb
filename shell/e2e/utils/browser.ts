import fs from 'node:fs';

/**
 * Debian's Chromium headless shell (`chromium-headless-shell`), the headless-only build that
 * Playwright itself runs headless tests in, where it is installed; else the full Chromium, whose
 * headless mode is the whole browser without a window. The same tests took about a fifth less
 * CPU in the shell (docs/ci.md, "Chromium's headless shell, and where the rest goes").
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Chromium, headless, with nothing reaching out beyond this machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchOptions = {
  executablePath,
  args: CHROMIUM_ARGS,
};

/**
 * The same browser, resolving `host` to this machine: a site can then be visited at a public-
 * looking address (its PUBLIC_URL) while every request still goes to loopback.
 */
export function launchOptionsResolving(host: string) {
  return {
    ...launchOptions,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  };
}
