import { useState } from 'react';

/**
 * Whether an on-demand widget has been asked for yet: it is mounted from its first use on, so
 * its code loads only then and its closing animation can still run afterwards.
 */
export function useOnDemand(): [boolean, () => void] {
  const [wanted, setWanted] = useState(false);
  return [wanted, () => setWanted(true)];
}
