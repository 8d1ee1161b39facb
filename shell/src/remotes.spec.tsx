import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@artist/contracts';
import { PreviewBar } from './PreviewBar.js';
import { RemoteMount } from './RemoteMount.js';
import { registerRemotesFromManifest } from './remotes.js';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const load = jest.mocked(loadRemote);
const register = jest.mocked(registerRemotes);

const LIVE = 'bbbbbbbbbbbb';
const PREVIOUS = 'aaaaaaaaaaaa';
const entryOf = (version: string) => `/remotes/storefront/${version}/mf-manifest.json`;

/** Where each remote is registered now, as the federation runtime would hold it. */
let registered: Record<string, string>;
let fetchMock: jest.Mock;

async function startWith(manifest: RemotesManifest) {
  registered = {};
  register.mockImplementation((remotes) => {
    for (const remote of remotes) registered[remote.name] = (remote as { entry: string }).entry;
  });
  fetchMock = jest.fn(async (url: string) =>
    url === '/remotes.json'
      ? new Response(JSON.stringify(manifest), { status: 200 })
      : new Response('{}', { status: 200 }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  await registerRemotesFromManifest();
}

const liveWithPrevious: RemotesManifest = {
  storefront: entryOf(LIVE),
  admin: '/remotes/admin/mf-manifest.json',
  releases: {
    storefront: { version: LIVE, previous: { version: PREVIOUS, entry: entryOf(PREVIOUS) } },
    admin: { version: 'built-in' },
  },
};

const failureReports = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/deploy/storefront/failures')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string) as unknown);

beforeEach(() => {
  load.mockReset();
  register.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

it('registers the remotes the manifest names, and nothing for its releases', async () => {
  await startWith(liveWithPrevious);
  expect(registered).toEqual({
    storefront: entryOf(LIVE),
    admin: '/remotes/admin/mf-manifest.json',
  });
});

it('loads the previous live version when the live one fails to load, and reports the failure', async () => {
  await startWith(liveWithPrevious);
  load.mockImplementation(async () => {
    if (registered.storefront === entryOf(LIVE))
      throw new Error('ChunkLoadError: Loading chunk 12 failed');
    return { default: () => <p>the previous storefront</p> };
  });
  render(<RemoteMount name="storefront" />);
  expect(await screen.findByText('the previous storefront')).toBeInTheDocument();
  expect(failureReports()).toEqual([
    { version: LIVE, reason: 'ChunkLoadError: Loading chunk 12 failed' },
  ]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('loads the previous live version when the live App throws on its first render, never showing the error box', async () => {
  await startWith(liveWithPrevious);
  const Broken = () => {
    throw new Error('x'.repeat(300));
  };
  load.mockImplementation(async () => ({
    default:
      registered.storefront === entryOf(LIVE) ? Broken : () => <p>the previous storefront</p>,
  }));
  const seen: boolean[] = [];
  const observer = new MutationObserver(() => seen.push(!!document.querySelector('[role=alert]')));
  observer.observe(document.body, { childList: true, subtree: true });
  render(<RemoteMount name="storefront" />);
  expect(await screen.findByText('the previous storefront')).toBeInTheDocument();
  observer.disconnect();
  expect(seen).not.toContain(true);
  expect(failureReports()).toEqual([{ version: LIVE, reason: 'x'.repeat(200) }]);
});

it('shows the error box when the previous version fails too, having reported both', async () => {
  await startWith(liveWithPrevious);
  load.mockRejectedValue(new Error('network down'));
  render(<RemoteMount name="storefront" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('this part of the site didn’t load');
  expect(failureReports()).toEqual([
    { version: LIVE, reason: 'network down' },
    { version: PREVIOUS, reason: 'network down' },
  ]);
});

it('keeps a crash after the first render in the error box, on the same version', async () => {
  await startWith(liveWithPrevious);
  let crash!: () => void;
  function LaterCrash() {
    const [crashed, setCrashed] = useState(false);
    crash = () => setCrashed(true);
    if (crashed) throw new Error('later');
    return <p>the live storefront</p>;
  }
  load.mockResolvedValue({ default: LaterCrash });
  render(<RemoteMount name="storefront" />);
  expect(await screen.findByText('the live storefront')).toBeInTheDocument();
  act(() => crash());
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(registered.storefront).toBe(entryOf(LIVE));
  expect(failureReports()).toEqual([]);
});

it('shows the preview bar under a preview, and never turns from the previewed version', async () => {
  await startWith({
    storefront: entryOf('cccccccccccc'),
    admin: '/remotes/admin/mf-manifest.json',
    releases: { storefront: { version: 'cccccccccccc', preview: true } },
  });
  render(<PreviewBar />);
  expect(screen.getByText(/Preview: storefront cccccccccccc ·/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'end preview' })).toHaveAttribute(
    'href',
    '/api/deploy/storefront/preview/end',
  );
  load.mockRejectedValue(new Error('broken preview'));
  render(<RemoteMount name="storefront" />);
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(failureReports()).toEqual([]);
});

it('shows no preview bar to a browser without a preview', async () => {
  await startWith(liveWithPrevious);
  const { container } = render(<PreviewBar />);
  expect(container).toBeEmptyDOMElement();
});
