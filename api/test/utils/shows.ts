import type { ShowInput } from '@artist/contracts';
import type TestAgent from 'supertest/lib/agent.js';

/** A published show as the admin's form sends it; `fields` replace any of its values. */
export const showInput = (fields: Partial<ShowInput> = {}): ShowInput => ({
  venue: 'The Bluebird Cafe',
  city: 'Nashville, TN',
  date: '2027-04-01',
  time: '8:00 PM',
  ageRequirement: '21+',
  ticketButtonType: 'free',
  soldOut: 'false',
  status: 'published',
  ...fields,
});

/**
 * Saves each of `shows` through the admin's form, its fields over `showInput`'s, one after another
 * in the order given; answers each one's id by its name.
 */
export async function createShows(
  admin: TestAgent,
  shows: Record<string, Partial<ShowInput>>,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [name, fields] of Object.entries(shows)) {
    ids[name] = (await admin.post('/api/admin/shows').send(showInput(fields)).expect(201)).body.id;
  }
  return ids;
}
