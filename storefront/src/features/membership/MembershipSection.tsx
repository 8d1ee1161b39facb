import { lazy, Suspense } from 'react';
import { useGetMembershipTiersQuery } from './membershipApi.js';

// The tiers and the join form load only where the artist offers a membership.
const MembershipTiers = lazy(() => import('./MembershipTiers.js'));

/**
 * The home page's Membership section: the open tiers, each with a join button per interval. Kept
 * empty and hidden while there are none (or they cannot be read), so the page has no heading
 * over nothing; its code comes with the first tier.
 */
export function MembershipSection() {
  const { data: tiers } = useGetMembershipTiersQuery();
  const open = tiers?.length ? tiers : null;
  return (
    <section
      id="membership"
      className="section"
      aria-labelledby={open ? 'membership-heading' : undefined}
      hidden={!open}
    >
      {open && (
        <>
          <h2 id="membership-heading">Membership</h2>
          <Suspense fallback={<p className="membership__state">Loading membership...</p>}>
            <MembershipTiers tiers={open} />
          </Suspense>
        </>
      )}
    </section>
  );
}
