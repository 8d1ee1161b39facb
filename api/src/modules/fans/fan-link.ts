import { ERASED, WALK_UP_EMAIL } from '@artist/contracts';
import type { EntityManager } from 'typeorm';
import { Fan } from './fan.entity.js';

/** The key of a fan: the address as typed, trimmed and lower-cased. */
export const fanKey = (email: string) => email.trim().toLowerCase();

/**
 * The id of the fan with this address, made on first sight. Called by every write of an order,
 * signup, notify-me request or message, with that write's manager, so the fan row commits or
 * rolls back with the record. The merch table's placeholder address and erased orders are
 * nobody's, so they make no fan. Concurrent first sightings race on the unique address: the
 * insert is ignored for all but one, and all read the same row back.
 */
export async function linkFan(
  manager: EntityManager,
  email: string | null | undefined,
  seenAt: Date,
): Promise<number | null> {
  if (!email) return null;
  const key = fanKey(email);
  if (key === '' || key === WALK_UP_EMAIL || key === ERASED) return null;
  const found = await manager.findOne(Fan, { where: { email: key }, select: { id: true } });
  if (found) return found.id;
  await manager
    .createQueryBuilder()
    .insert()
    .into(Fan)
    .values({ email: key, firstSeenAt: seenAt })
    .orIgnore()
    .execute();
  const fan = await manager.findOneOrFail(Fan, { where: { email: key }, select: { id: true } });
  return fan.id;
}
