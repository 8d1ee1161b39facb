import type { AdminShow } from '@artist/contracts';
import { today } from '../table/downloadCsv.js';

export type ShowDisplayStatus = 'published' | 'draft' | 'past' | 'unknown';

/** A published show dated before today (local date) is Past; drafts never are. */
export function showDisplayStatus(show: AdminShow, now: string = today()): ShowDisplayStatus {
  if (show.status === 'draft') return 'draft';
  if (show.status === 'published') return show.date < now ? 'past' : 'published';
  return 'unknown';
}
