import type { EntityManager } from 'typeorm';

export interface QuotaLimit {
  max: number;
  windowMs: number;
  /** Windows start on multiples of windowMs (clock hours) rather than at the first email. */
  aligned: boolean;
}

/**
 * Counts one email against the quota `name` inside the caller's transaction: true when there was
 * room (and it is now counted), otherwise false and when the current window ends. The row is
 * written or locked first (on MySQL/MariaDB `ON DUPLICATE KEY UPDATE` takes an exclusive lock,
 * where an ignored insert would take a shared one that two transactions could not both upgrade),
 * then read with `FOR UPDATE`, which sees the latest committed count whatever the transaction's
 * snapshot. SQLite runs one transaction at a time.
 */
export async function takeQuota(
  manager: EntityManager,
  name: string,
  limit: QuotaLimit,
  now: number,
): Promise<{ granted: boolean; windowEndsAt: number }> {
  const { granted, windowEndsAt } = await takeQuotaUpTo(manager, name, limit, now, 1);
  return { granted: granted === 1, windowEndsAt };
}

/**
 * Counts up to `wanted` emails against the quota `name` as `takeQuota` counts one: how many there
 * was room for (now counted), and when the current window ends.
 */
export async function takeQuotaUpTo(
  manager: EntityManager,
  name: string,
  limit: QuotaLimit,
  now: number,
  wanted: number,
): Promise<{ granted: number; windowEndsAt: number }> {
  const mysql = manager.connection.options.type !== 'better-sqlite3';
  await manager.query(
    mysql
      ? 'INSERT INTO mail_quotas (name, windowStart, used) VALUES (?, 0, 0) ON DUPLICATE KEY UPDATE used = used'
      : 'INSERT INTO mail_quotas (name, windowStart, used) VALUES (?, 0, 0) ON CONFLICT (name) DO NOTHING',
    [name],
  );
  const [row] = (await manager.query(
    `SELECT windowStart, used FROM mail_quotas WHERE name = ?${mysql ? ' FOR UPDATE' : ''}`,
    [name],
  )) as { windowStart: number | string; used: number | string }[];
  let start = Number(row.windowStart);
  let used = Number(row.used);
  if (now >= start + limit.windowMs) {
    start = limit.aligned ? now - (now % limit.windowMs) : now;
    used = 0;
  }
  const granted = Math.max(0, Math.min(wanted, limit.max - used));
  if (granted === 0) return { granted, windowEndsAt: start + limit.windowMs };
  await manager.query('UPDATE mail_quotas SET windowStart = ?, used = ? WHERE name = ?', [
    start,
    used + granted,
    name,
  ]);
  return { granted, windowEndsAt: start + limit.windowMs };
}
