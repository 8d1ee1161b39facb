import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  BUILT_IN_VERSION,
  REMOTE_NAMES,
  type LiveReleaseChange,
  type LiveRemoteRelease,
  type RemoteName,
  type RemoteRelease as RemoteReleaseView,
  type RemotesManifest,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { TableBackedValue, TableVersions } from '../../database/table-versions.js';
import { isDuplicateKeyError, Transactions } from '../../database/transaction.js';
import { Metrics } from '../metrics/index.js';
import { STORAGE, type Storage } from '../storage/index.js';
import { LiveChange } from './live-change.entity.js';
import { unpackRelease } from './release-archive.js';
import { releaseContentType } from './release-files.js';
import { checkReleaseManifest, MANIFEST_FILE, shellSingletonMajors } from './release-manifest.js';
import { RemoteRelease } from './remote-release.entity.js';
import {
  cookieValue,
  PREVIEW_MS,
  previewCookieName,
  signPreview,
  verifyPreview,
} from './preview-cookie.js';

type LiveVersions = Record<RemoteName, LiveRemoteRelease>;

/** Where a remote's version is loaded from: a published one from storage, or the build's own. */
export function entryOf(remote: RemoteName, version: string): string {
  return version === BUILT_IN_VERSION
    ? builtInEntry(remote)
    : `/remotes/${remote}/${version}/${MANIFEST_FILE}`;
}

function builtInEntry(remote: RemoteName): string {
  return `/remotes/${remote}/${MANIFEST_FILE}`;
}

/**
 * Each remote's published releases and which one is live: publishing (checked, then stored
 * under `remotes/<remote>/<version>/`), promoting and rolling back, the history of those changes,
 * previews, the failures browsers report, and the runtime manifest the shell reads. Which
 * version is live is kept in memory until `remote_live_changes` is written, here or on another
 * instance (TableVersions), so every instance serves a change within a second.
 */
@Injectable()
export class DeployService {
  private readonly logger = new Logger(DeployService.name);
  private readonly live: TableBackedValue<LiveVersions>;
  private readonly shellMajors: Map<string, number>;

  constructor(
    @InjectRepository(RemoteRelease) private readonly releases: Repository<RemoteRelease>,
    @InjectRepository(LiveChange) private readonly changes: Repository<LiveChange>,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    versions: TableVersions,
  ) {
    this.live = new TableBackedValue(versions, [changes.metadata.tableName], () => this.readLive());
    this.shellMajors = shellSingletonMajors(config.webRoot);
  }

  /**
   * Checks and stores a release as it arrives. `created` is false when the same content was
   * published before: nothing is stored again.
   */
  async publish(
    remote: RemoteName,
    body: Readable,
  ): Promise<{ version: string; created: boolean }> {
    const dir = await mkdtemp(path.join(tmpdir(), `release-${remote}-`));
    try {
      const { version, files } = await unpackRelease(body, dir);
      if (await this.releases.existsBy({ remote, version })) return { version, created: false };
      checkReleaseManifest(remote, dir, files, this.shellMajors);
      for (const file of files)
        await this.storage.put(
          `remotes/${remote}/${version}/${file}`,
          { file: path.join(dir, ...file.split('/')) },
          releaseContentType(file),
        );
      try {
        await this.releases.insert({ remote, version, publishedAt: this.clock.now(), failures: 0 });
      } catch (error) {
        // The same content published at the same moment by another request.
        if (isDuplicateKeyError(error)) return { version, created: false };
        throw error;
      }
      return { version, created: true };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async list(remote: RemoteName): Promise<RemoteReleaseView[]> {
    const [rows, live] = await Promise.all([
      this.releases.find({ where: { remote }, order: { id: 'DESC' } }),
      this.live.get(),
    ]);
    return rows.map((row) => ({
      version: row.version,
      publishedAt: row.publishedAt.toISOString(),
      live: row.version === live[remote].version,
      failures: row.failures,
    }));
  }

  async liveOf(remote: RemoteName): Promise<LiveRemoteRelease> {
    return (await this.live.get())[remote];
  }

  /** Makes a published version (or the built-in one) live; rolling back is the same call. */
  async setLive(remote: RemoteName, version: string, by: string): Promise<LiveRemoteRelease> {
    if (version !== BUILT_IN_VERSION && !(await this.releases.existsBy({ remote, version })))
      throw new NotFoundException(`${remote} has no release ${version}.`);
    const result = await this.transactions.withNamedLock(
      `deploy-live:${remote}`,
      async (manager) => {
        const last = await manager.findOne(LiveChange, {
          where: { remote },
          order: { id: 'DESC' },
        });
        const current = last?.toVersion ?? BUILT_IN_VERSION;
        if (current === version) return { version, previous: last?.fromVersion ?? null };
        await manager.insert(LiveChange, {
          remote,
          fromVersion: current,
          toVersion: version,
          at: this.clock.now(),
          madeBy: by,
        });
        return { version, previous: current };
      },
    );
    this.live.drop();
    return result;
  }

  async history(remote: RemoteName): Promise<LiveReleaseChange[]> {
    const rows = await this.changes.find({ where: { remote }, order: { id: 'DESC' } });
    return rows.map((row) => ({
      from: row.fromVersion,
      to: row.toVersion,
      at: row.at.toISOString(),
      by: row.madeBy,
    }));
  }

  /** Counts a browser's report that `version` failed to load: in its row and in the metrics. */
  async reportFailure(
    remote: RemoteName,
    version: string,
    reason: string,
  ): Promise<{ version: string; failures: number }> {
    if (version !== BUILT_IN_VERSION) {
      const result = await this.releases.increment({ remote, version }, 'failures', 1);
      if (!result.affected) throw new NotFoundException(`${remote} has no release ${version}.`);
    }
    this.metrics.remoteLoadFailure(remote, version);
    const row = await this.releases.findOneBy({ remote, version });
    this.logger.warn({
      msg: `${remote} ${version} failed to load`,
      reason,
    });
    return { version, failures: row?.failures ?? 0 };
  }

  /** A link that opens `version` of `remote` in one browser for an hour. */
  async previewLink(remote: RemoteName, version: string): Promise<{ url: string }> {
    if (!(await this.releases.existsBy({ remote, version })))
      throw new NotFoundException(`${remote} has no release ${version}.`);
    const value = signPreview(
      this.config.sessionSecret,
      remote,
      version,
      this.clock.now().getTime() + PREVIEW_MS,
    );
    return {
      url: `${this.config.publicUrl}/api/deploy/${remote}/preview?release=${encodeURIComponent(value)}`,
    };
  }

  /** The preview a link or a cookie carries, if it is signed and not expired. */
  preview(remote: RemoteName, value: string | undefined) {
    return verifyPreview(this.config.sessionSecret, remote, value, this.clock.now().getTime());
  }

  /**
   * The runtime manifest for one browser: each remote's live version, or the one its preview
   * cookie names. A remote whose URL setting points elsewhere is loaded from there, whatever is
   * published; one without a deploy token is the build's own, as before releases existed.
   */
  async manifestFor(cookies: string | undefined): Promise<RemotesManifest> {
    const manifest: RemotesManifest = { ...this.config.remotes };
    const deployed = REMOTE_NAMES.filter(
      (remote) =>
        this.config.deployTokens[remote] && this.config.remotes[remote] === builtInEntry(remote),
    );
    if (deployed.length === 0) return manifest;
    const live = await this.live.get();
    manifest.releases = {};
    for (const remote of deployed) {
      const preview = this.preview(remote, cookieValue(cookies, previewCookieName(remote)));
      if (preview) {
        manifest[remote] = entryOf(remote, preview.version);
        manifest.releases[remote] = { version: preview.version, preview: true };
        continue;
      }
      const { version, previous } = live[remote];
      manifest[remote] = entryOf(remote, version);
      manifest.releases[remote] = {
        version,
        ...(previous !== null && {
          previous: { version: previous, entry: entryOf(remote, previous) },
        }),
      };
    }
    return manifest;
  }

  private async readLive(): Promise<LiveVersions> {
    const entries = await Promise.all(
      REMOTE_NAMES.map(async (remote) => {
        const last = await this.changes.findOne({ where: { remote }, order: { id: 'DESC' } });
        return [
          remote,
          { version: last?.toVersion ?? BUILT_IN_VERSION, previous: last?.fromVersion ?? null },
        ] as const;
      }),
    );
    return Object.fromEntries(entries) as LiveVersions;
  }
}
