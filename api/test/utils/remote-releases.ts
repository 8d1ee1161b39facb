import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { create } from 'tar';

export interface ReleaseFixture {
  remote?: string;
  /** What its App module says; also makes each fixture's content, so its version, its own. */
  text?: string;
  react?: string;
  /** The modules it exposes; `./App` unless given. */
  exposes?: string[];
  /** Leave out mf-manifest.json. */
  noManifest?: boolean;
  /** More files, by path. */
  files?: Record<string, string>;
}

/** A built remote's folder as the shell loads it (a manifest, a remote entry, a chunk), packed as a `.tar.gz`. */
export async function releaseArchive(fixture: ReleaseFixture = {}): Promise<Buffer> {
  const { remote = 'storefront', text = 'Hello from a release', react = '19.3.1' } = fixture;
  const dir = mkdtempSync(path.join(tmpdir(), 'release-fixture-'));
  try {
    const manifest = {
      id: remote,
      name: remote,
      metaData: {
        name: remote,
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        globalName: remote,
        publicPath: 'auto',
      },
      shared: [
        { id: `${remote}:react`, name: 'react', version: react, singleton: true },
        { id: `${remote}:react-dom`, name: 'react-dom', version: react, singleton: true },
      ],
      remotes: [],
      exposes: (fixture.exposes ?? ['./App']).map((exposed) => ({
        id: `${remote}:${exposed.slice(2)}`,
        name: exposed.slice(2),
        path: exposed,
      })),
    };
    const files: Record<string, string> = {
      'remoteEntry.js': `var ${remote} = {};`,
      'js/app.0123abcd.js': `export default ${JSON.stringify(text)};`,
      ...(!fixture.noManifest && { 'mf-manifest.json': JSON.stringify(manifest) }),
      ...fixture.files,
    };
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
    return await buffer(create({ gzip: true, cwd: dir, portable: true }, Object.keys(files)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
