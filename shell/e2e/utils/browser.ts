/** Debian's Chromium, headless, with nothing reaching out beyond this machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
