import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_PAGE_SIZE, type ListQuery } from '@artist/contracts';

/** Value of the `status` query parameter for the All filter when a tab's default is another. */
export const ALL = 'all';

/**
 * How long the search box waits after the last keystroke before asking the server. Short, since
 * a search's rows should be on screen within 300 ms of the last keystroke and the server's answer
 * (about 130 ms for half a million signups on MariaDB) and drawing the rows (about 60 ms) take
 * most of that (see `npm run bench:admin`). Slower typing sends a request per pause; each answer
 * that is no longer wanted is dropped, and the table shows the latest.
 */
export const SEARCH_DELAY_MS = 80;

export type SortOrder = 'ascend' | 'descend';

/** A sort as the URL and the server write it: 'date' ascending, '-createdAt' descending. */
export interface TableSort {
  field: string;
  order: SortOrder;
}

export const sortParam = ({ field, order }: TableSort) =>
  order === 'descend' ? `-${field}` : field;

export function parseSort(value: string | null): TableSort | null {
  if (!value || value === '-') return null;
  return value.startsWith('-')
    ? { field: value.slice(1), order: 'descend' }
    : { field: value, order: 'ascend' };
}

export interface TableQuery {
  status: string;
  /** What the search box holds (the URL's value). */
  search: string;
  sort: TableSort;
  page: number;
  /** The list request: the URL state, with the search once typing has paused. */
  args: Required<Pick<ListQuery<string>, 'status' | 'search' | 'sort' | 'page' | 'pageSize'>>;
  setStatus: (status: string) => void;
  setSearch: (search: string) => void;
  setSort: (sort: TableSort | null) => void;
  setPage: (page: number) => void;
}

/**
 * Hands the value on once `delay` ms have passed since it last changed, counted from `changedAt`
 * (the keystroke, when known) rather than from when the change was drawn: the router applies the
 * URL in a transition, which can take a few tens of milliseconds on a busy page.
 */
function useSettled(value: string, delay: number, changedAt: { current: number }): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const waited = performance.now() - changedAt.current;
    const timer = setTimeout(() => setSettled(value), Math.max(0, delay - waited));
    return () => clearTimeout(timer);
  }, [value, settled, delay, changedAt]);
  // Clearing the box (or a Back to a URL without a search) needs no pause.
  return value === '' ? value : settled;
}

/**
 * The filter, search text, sort and page of the current tab, kept in the URL query so reload and
 * the back button keep them, and handed to the server as the list request. Changing the filter,
 * the search or the sort returns to page 1.
 */
export function useTableQuery(defaultStatus: string = ALL, defaultSort: TableSort): TableQuery {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? defaultStatus;
  const search = params.get('search') ?? '';
  const sort = parseSort(params.get('sort')) ?? defaultSort;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const typedAt = useRef(0);
  const settledSearch = useSettled(search, SEARCH_DELAY_MS, typedAt);

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
    (value: string) => {
      typedAt.current = performance.now();
      update({ search: value || null, page: null }, true);
    },
    [update],
  );
  const defaultParam = sortParam(defaultSort);
  const current = params.get('sort');
  // Clearing a column's sort returns to the tab's own order; the column of that order (shown
  // sorted when nothing else is) turns the other way instead, so it can be sorted both ways.
  const setSort = useCallback(
    (value: TableSort | null) => {
      let param = value ? sortParam(value) : null;
      if (param === null && (current === null || current === defaultParam)) {
        param = defaultParam.startsWith('-') ? defaultParam.slice(1) : `-${defaultParam}`;
      }
      update({ sort: param === null || param === defaultParam ? null : param, page: null });
    },
    [update, defaultParam, current],
  );
  const setPage = useCallback(
    (value: number) => update({ page: value > 1 ? String(value) : null }),
    [update],
  );

  const sortValue = sortParam(sort);
  const args = useMemo(
    () => ({
      status,
      search: settledSearch.trim(),
      sort: sortValue,
      page,
      pageSize: LIST_PAGE_SIZE,
    }),
    [status, settledSearch, sortValue, page],
  );

  return { status, search, sort, page, args, setStatus, setSearch, setSort, setPage };
}
