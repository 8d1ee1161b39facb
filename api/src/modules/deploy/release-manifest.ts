import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { UnprocessableEntityException } from '@nestjs/common';
import semver from 'semver';
import type { RemoteName } from '@artist/contracts';

/** Every release holds its Module Federation manifest at its top level. */
export const MANIFEST_FILE = 'mf-manifest.json';

/** The module the shell mounts from each remote (`<remote>/App`). */
const MOUNTED_MODULE = './App';

/** Libraries that exist once on the page: a release must share the shell's major of each. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'antd',
] as const;

/** The parts of `mf-manifest.json` a release is checked by. */
interface FederationManifest {
  name?: unknown;
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown }[];
  shared?: { name?: unknown; version?: unknown }[];
}

/**
 * The major version of each singleton the site's shell shares, as installed beside its build (or,
 * for a WEB_ROOT of built files alone, beside the server, which is built from the same lock file).
 */
export function shellSingletonMajors(webRoot: string): Map<string, number> {
  const places = [
    createRequire(path.join(webRoot, 'shell', 'package.json')),
    createRequire(import.meta.url),
  ];
  const majors = new Map<string, number>();
  for (const name of SINGLETONS) {
    for (const place of places) {
      try {
        const { version } = JSON.parse(
          readFileSync(place.resolve(`${name}/package.json`), 'utf8'),
        ) as { version: string };
        majors.set(name, semver.major(version));
        break;
      } catch {
        // Not installed there: the next place, or the shell does not share it at all, and no
        // release can disagree with it.
      }
    }
  }
  return majors;
}

/**
 * Refuses (422, a sentence naming the problem) a release the shell could not run: no manifest at
 * its top level, another remote's manifest, no `./App` exposed, a remote entry it does not hold,
 * or a shared singleton of another major than the shell's.
 */
export function checkReleaseManifest(
  remote: RemoteName,
  dir: string,
  files: readonly string[],
  shellMajors: ReadonlyMap<string, number>,
): void {
  const refuse = (message: string) => new UnprocessableEntityException(message);
  if (!files.includes(MANIFEST_FILE))
    throw refuse(
      `The release has no ${MANIFEST_FILE} at its top level: pack the contents of ${remote}'s built folder (dist).`,
    );
  let manifest: FederationManifest;
  try {
    manifest = JSON.parse(
      readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'),
    ) as FederationManifest;
  } catch {
    throw refuse(`The release's ${MANIFEST_FILE} is not valid JSON.`);
  }
  if (typeof manifest !== 'object' || manifest === null)
    throw refuse(`The release's ${MANIFEST_FILE} is not a Module Federation manifest.`);
  if (manifest.name !== remote)
    throw refuse(
      `The release's ${MANIFEST_FILE} is of the remote ${JSON.stringify(manifest.name)}, not ${remote}.`,
    );
  const exposes = Array.isArray(manifest.exposes) ? manifest.exposes : [];
  if (!exposes.some((exposed) => exposed?.path === MOUNTED_MODULE))
    throw refuse(
      `The release's ${MANIFEST_FILE} does not expose ${MOUNTED_MODULE}, the module the shell mounts from ${remote}.`,
    );
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = [entry?.path, entry?.name]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('/');
  if (!entryFile || !files.includes(entryFile))
    throw refuse(
      `The release's ${MANIFEST_FILE} names the remote entry ${JSON.stringify(entryFile)}, which the release does not hold.`,
    );
  for (const shared of Array.isArray(manifest.shared) ? manifest.shared : []) {
    const name = shared?.name;
    const version = typeof shared?.version === 'string' ? shared.version : '';
    if (typeof name !== 'string') continue;
    const shellMajor = shellMajors.get(name);
    if (shellMajor === undefined) continue;
    const major = semver.coerce(version)?.major;
    if (major !== shellMajor)
      throw refuse(`${remote} needs ${name} ${version}; the shell shares ${name} ${shellMajor}`);
  }
}
