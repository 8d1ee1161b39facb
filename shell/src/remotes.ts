import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  REMOTE_NAMES,
  REMOTES_MANIFEST_PATH,
  type RemoteName,
  type RemotesManifest,
} from '@artist/contracts';

/** What each remote's `./App` module exports by default. */
export interface RemoteAppProps {
  /** What to show for a path the remote does not know: the storefront, which draws the 404 page. */
  notFound: React.ReactNode;
}

/** Longest failure reason sent: the API keeps no more. */
const MAX_REASON = 200;

/**
 * This page view's manifest: what the server said, then turned to a remote's previous live
 * version when its live one fails.
 */
let manifest: RemotesManifest | undefined;

/**
 * Reads where each remote lives from the runtime manifest served beside the shell, so a remote
 * is redeployed by publishing a release (or pointing the manifest elsewhere), never by
 * rebuilding the shell. Registering fetches nothing: a remote is only downloaded when first
 * rendered.
 */
export async function registerRemotesFromManifest(): Promise<void> {
  try {
    const response = await fetch(REMOTES_MANIFEST_PATH, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const read = (await response.json()) as RemotesManifest;
    manifest = read;
    registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: read[name] })));
  } catch (error) {
    // Rendering still goes ahead: each remote mount then shows its own friendly error.
    console.error('Could not read the remote manifest', error);
  }
}

/** The remotes this browser previews (under its preview cookie) instead of their live version. */
export function previews(): { name: RemoteName; version: string }[] {
  return REMOTE_NAMES.flatMap((name) => {
    const release = manifest?.releases?.[name];
    return release?.preview ? [{ name, version: release.version }] : [];
  });
}

/** Whether the version of `name` now loading has a previous live version to turn to. */
export function canFallBack(name: RemoteName): boolean {
  return manifest?.releases?.[name]?.previous !== undefined;
}

/**
 * The version of `name` this page view loads failed (its entry or a chunk did not load, or its
 * App threw while loading or on its first render): reports it, and turns this page view to the
 * previous live version. False when there is none to turn to.
 */
export function fallBack(name: RemoteName, error: unknown): boolean {
  const release = manifest?.releases?.[name];
  if (!manifest || !release || release.preview) return false;
  reportFailure(name, release.version, error);
  const previous = release.previous;
  if (!previous) return false;
  manifest = {
    ...manifest,
    [name]: previous.entry,
    releases: { ...manifest.releases, [name]: { version: previous.version } },
  };
  registerRemotes([{ name, entry: previous.entry }], { force: true });
  return true;
}

function reportFailure(name: RemoteName, version: string, error: unknown): void {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON);
  void fetch(`/api/deploy/${name}/failures`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ version, reason }),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Loads a remote's App, turning to its previous live version when this one fails; a retry after
 * a failure registers the remote afresh so it is fetched again.
 */
export async function loadRemoteApp(
  name: RemoteName,
  attempt: number,
): Promise<{ default: ComponentType<RemoteAppProps> }> {
  if (!manifest) await registerRemotesFromManifest();
  if (!manifest) throw new Error('The remote manifest is not available.');
  if (attempt > 0) registerRemotes([{ name, entry: manifest[name] }], { force: true });
  try {
    const module = await loadRemote<{ default: ComponentType<RemoteAppProps> }>(`${name}/App`);
    if (!module?.default) throw new Error(`The ${name} remote did not provide an App.`);
    return module;
  } catch (error) {
    // With no version to turn to, the mount's error boundary reports the failure (once).
    if (!canFallBack(name) || !fallBack(name, error)) throw error;
    return loadRemoteApp(name, 0);
  }
}
