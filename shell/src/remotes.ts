import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTES_MANIFEST_PATH, type RemoteName, type RemotesManifest } from '@artist/contracts';

/** What each remote's `./App` module exports by default. */
export interface RemoteAppProps {
  /** What to show for a path the remote does not know: the storefront, which draws the 404 page. */
  notFound: React.ReactNode;
}

let manifest: RemotesManifest | undefined;

/**
 * Reads where each remote lives from the runtime manifest served beside the shell, so a remote
 * is redeployed by replacing its files (or pointing the manifest elsewhere), never by rebuilding
 * the shell. Registering fetches nothing: a remote is only downloaded when first rendered.
 */
export async function registerRemotesFromManifest(): Promise<void> {
  try {
    const response = await fetch(REMOTES_MANIFEST_PATH, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    manifest = (await response.json()) as RemotesManifest;
    registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  } catch (error) {
    // Rendering still goes ahead: each remote mount then shows its own friendly error.
    console.error('Could not read the remote manifest', error);
  }
}

/** Loads a remote's App; a retry after a failure registers the remote afresh so it is fetched again. */
export async function loadRemoteApp(
  name: RemoteName,
  attempt: number,
): Promise<{ default: ComponentType<RemoteAppProps> }> {
  if (!manifest) await registerRemotesFromManifest();
  if (!manifest) throw new Error('The remote manifest is not available.');
  if (attempt > 0) registerRemotes([{ name, entry: manifest[name] }], { force: true });
  const module = await loadRemote<{ default: ComponentType<RemoteAppProps> }>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} remote did not provide an App.`);
  return module;
}
