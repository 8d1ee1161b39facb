import type { ShowInput } from '@artist/contracts';

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
