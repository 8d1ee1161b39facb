/** Served by whatever hosts the shell at {@link REMOTES_MANIFEST_PATH}; read by the shell at start-up. */
export interface RemotesManifest {
  storefront: string;
  admin: string;
  /**
   * For a remote whose team publishes releases through the API: the version its entry above
   * is, and where to turn when that version fails to load.
   */
  releases?: Partial<Record<RemoteName, RemoteReleaseInManifest>>;
}

export type RemoteName = 'storefront' | 'admin';

export const REMOTE_NAMES: readonly RemoteName[] = ['storefront', 'admin'];

export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** The version of a remote that `npm run build` made: live until a published one is promoted. */
export const BUILT_IN_VERSION = 'built-in';

export interface RemoteReleaseInManifest {
  /** A published version (the first 12 hex characters of its SHA-256), or `built-in`. */
  version: string;
  /** The version live before this one, loaded for the page view when this one fails. */
  previous?: { version: string; entry: string };
  /** Loaded under this browser's preview cookie; everyone else gets the live version. */
  preview?: boolean;
}

/** `GET /api/deploy/<remote>/releases`: each published version, newest first. */
export interface RemoteRelease {
  version: string;
  publishedAt: string;
  live: boolean;
  /** Load failures visitors' browsers reported for it. */
  failures: number;
}

/** `GET`/`POST /api/deploy/<remote>/live`. */
export interface LiveRemoteRelease {
  version: string;
  /** The version live before it, or null when it is the first. */
  previous: string | null;
}

/** `GET /api/deploy/<remote>/history`: each change of the live version, newest first. */
export interface LiveReleaseChange {
  from: string;
  to: string;
  at: string;
  /** The deploy token that made it (its setting's name and the start of its SHA-256). */
  by: string;
}
