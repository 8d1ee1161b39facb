/** Served by whatever hosts the shell at {@link REMOTES_MANIFEST_PATH}; read by the shell at start-up. */
export interface RemotesManifest {
  storefront: string;
  admin: string;
}

export type RemoteName = keyof RemotesManifest;

export const REMOTES_MANIFEST_PATH = '/remotes.json';
