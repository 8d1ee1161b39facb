import { ERASED, WALK_UP_EMAIL } from '@artist/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FanLinker } from '../../common/fan-linker.js';
import { normaliseEmail } from '../../common/strings.js';
import { Fan } from './fan.entity.js';

/**
 * The id of the fan with this address, made on first sight. Called by every write of an order,
 * signup, notify-me request or message, with that write's manager, so the fan row commits or
 * rolls back with the record. The merch table's placeholder address and erased orders are
 * nobody's, so they make no fan.
 *
 * The insert comes first and is ignored when the address is known: a concurrent first sighting
 * waits on the unique key until the other commits, and no read has yet fixed the transaction's
 * MySQL snapshot, which the caller's own reads after this still need fresh. The read back is a
 * locking one on MySQL/MariaDB so it sees the committed row whatever the snapshot.
 */
export async function linkFan(
  manager: EntityManager,
  email: string | null | undefined,
  seenAt: Date,
): Promise<number | null> {
  if (!email) return null;
  const key = normaliseEmail(email);
  if (key === '' || key === WALK_UP_EMAIL || key === ERASED) return null;
  await manager
    .createQueryBuilder()
    .insert()
    .into(Fan)
    .values({ email: key, firstSeenAt: seenAt })
    .orIgnore()
    .execute();
  const read = manager
    .createQueryBuilder(Fan, 'f')
    .select(['f.id'])
    .where('f.email = :key', { key });
  // Outside a transaction (autocommit) every statement reads the latest rows anyway.
  const inTransaction = manager.queryRunner?.isTransactionActive === true;
  if (inTransaction && manager.connection.options.type !== 'better-sqlite3')
    read.setLock('pessimistic_read');
  const fan = await read.getOneOrFail();
  return fan.id;
}

/** `linkFan` for the modules whose records name a fan (see `FanLinker`). */
@Injectable()
export class FanLinkService extends FanLinker {
  link(manager: EntityManager, email: string | null | undefined, seenAt: Date) {
    return linkFan(manager, email, seenAt);
  }
}
