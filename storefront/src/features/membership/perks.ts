import type { MembershipPerks } from '@artist/contracts';

/** A tier's perks in plain words, one sentence each. */
export function perkSentences(perks: MembershipPerks): string[] {
  const sentences: string[] = [];
  if (perks.allDownloads)
    sentences.push('Every release, to download, for as long as you are a member.');
  if (perks.earlyAccessDays > 0) {
    const days = perks.earlyAccessDays === 1 ? '1 day' : `${perks.earlyAccessDays} days`;
    sentences.push(`New releases ${days} before everyone else.`);
  }
  if (perks.presale) sentences.push('Presale codes for shows, before tickets go on sale.');
  return sentences;
}

/** A price in cents as the page shows it: $5, or $4.50. */
export const price = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
