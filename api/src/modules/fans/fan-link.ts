import { ERASED, WALK_UP_EMAIL } from '@artist/contracts';
import type { EntityManager } from 'typeorm';
import { normaliseEmail } from '../../common/strings.js';
import { Fan } from './fan.entity.js';

/**
 * The id of the fan with this address, made on first sight: the fans module's answer to
 * `AddressSeen`, which every write of an order, signup, notify-me request or message publishes
 * with that write's manager, so the fan row commits or
 * rolls back with the record. The merch table's placeholder address and erased orders are
 * nobody's, so they make no fan.
 *
 * The insert comes first and does nothing when the address is known: a concurrent first sighting
 * waits on the unique key until the other commits, and no read has yet fixed the transaction's
 * MySQL snapshot, which the caller's own reads after this still need fresh. The read back is a
 * locking one on MySQL/MariaDB so it sees the committed row whatever the snapshot.
 *
 * On MySQL/MariaDB a known address is "updated" to itself rather than ignored, and read back
 * locked for writing: the caller's record will write the fan's row (the triggers that keep its
 * figures), and two writers for one fan then take turns, where an ignored insert's shared lock on
 * the address, held by two of them each waiting to make it exclusive, would deadlock.
 */
export async function linkFan(
  manager: EntityManager,
  email: string | null | undefined,
  seenAt: Date,
): Promise<number | null> {
  if (!email) return null;
  const key = normaliseEmail(email);
  if (key === '' || key === WALK_UP_EMAIL || key === ERASED) return null;
  const sqlite = manager.connection.options.type === 'better-sqlite3';
  const insert = manager
    .createQueryBuilder()
    .insert()
    .into(Fan)
    .values({ email: key, firstSeenAt: seenAt });
  await (sqlite ? insert.orIgnore() : insert.orUpdate(['email'], ['email'])).execute();
  const read = manager
    .createQueryBuilder(Fan, 'f')
    .select(['f.id'])
    .where('f.email = :key', { key });
  // Outside a transaction (autocommit) every statement reads the latest rows anyway.
  const inTransaction = manager.queryRunner?.isTransactionActive === true;
  if (inTransaction && !sqlite) read.setLock('pessimistic_write');
  const fan = await read.getOneOrFail();
  return fan.id;
}
