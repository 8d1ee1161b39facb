import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_PAGE_SIZE, type ListQuery } from '@artist/contracts';

/** Value of the `status` query parameter for the All filter when a tab's default is another. */
export const ALL = 'all';

/** How long the search box waits after the last keystroke before asking the server. */
export const SEARCH_DELAY_MS = 200;

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

/** Waits `delay` ms after the last change before handing the value on. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay]);
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
  const settledSearch = useSettled(search, SEARCH_DELAY_MS);

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
