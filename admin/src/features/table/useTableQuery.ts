import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Value of the `status` query parameter for the All filter when a tab's default is another. */
export const ALL = 'all';

export interface TableQuery {
  status: string;
  search: string;
  page: number;
  setStatus: (status: string) => void;
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
}

/**
 * The filter, search text and page of the current tab, kept in the URL query so reload and the
 * back button keep them. Changing the filter or the search returns to page 1.
 */
export function useTableQuery(defaultStatus: string = ALL): TableQuery {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? defaultStatus;
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const setStatus = useCallback(
    (value: string) => update({ status: value === defaultStatus ? null : value, page: null }),
    [update, defaultStatus],
  );
  // Typing replaces the history entry so the back button does not step through each keystroke.
  const setSearch = useCallback(
    (value: string) => update({ search: value || null, page: null }, true),
    [update],
  );
  const setPage = useCallback(
    (value: number) => update({ page: value > 1 ? String(value) : null }),
    [update],
  );

  return { status, search, page, setStatus, setSearch, setPage };
}
