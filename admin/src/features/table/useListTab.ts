import { useEffect, useState, type ReactNode } from 'react';
import type { ListPage } from '@artist/contracts';
import { listUrl, type ListArgs } from '../../app/api.js';
import { useToast } from '../../components/useToast.js';
import type { StatusFilter } from './DataTable.js';
import { today, useDownload } from './downloadCsv.js';
import { useBulkAction, type BulkActionOptions, type TableSelection } from './useBulkAction.js';
import { ALL, useTableQuery, type TableQuery, type TableSort } from './useTableQuery.js';

/** The list endpoint's query hook, as RTK Query makes it (`useGetFansQuery`). */
export type ListQueryHook<T> = (
  args: ListArgs,
  options?: { pollingInterval?: number },
) => {
  data?: ListPage<T, string>;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
};

/** What makes an admin list: everything but its columns and the actions of its own. */
export interface ListDefinition<T> {
  /** Base name of the CSV file, e.g. 'shows'. */
  name: string;
  /** What the rows are, in toasts and the selection bar: 'Failed to load {label}'. */
  label: string;
  /** The CSV export of the list's rows, under `/api`. */
  exportPath: string;
  useList: ListQueryHook<T>;
  filters: StatusFilter[];
  /** The filter shown when the URL names none; All unless said. */
  defaultStatus?: string;
  defaultSort: TableSort;
  searchPlaceholder: string;
  emptyText: string;
  /** How a row is named to assistive technology, as in 'Select fan@example.com'. */
  rowLabel?: (row: T) => string;
}

export interface ListTabOptions {
  /** The 'Mark N as …' action of the ticked rows, which makes the rows selectable. */
  bulk?: BulkActionOptions;
  /** Asks again every so many milliseconds (a campaign's progress). */
  pollingInterval?: number;
}

/** A list tab's state, which the DataTable draws. */
export interface ListTab<T> {
  definition: ListDefinition<T>;
  /** The filter, search, sort and page in the URL, and the list request made from them. */
  query: TableQuery;
  /** The server's answer to that request (the last one, while the next is on its way). */
  page: ListPage<T, string> | undefined;
  loading: boolean;
  refetch: () => void;
  /** The filter buttons, each with the count of its rows under the search. */
  filters: (StatusFilter & { count: number })[];
  /** Saves the CSV of every row matching the filter and search, in the order on screen. */
  exportCsv: () => Promise<void>;
  exporting: boolean;
  selection: TableSelection | undefined;
  /** The bulk action's button, and any further ones (none for a list without). */
  bulkAction: ReactNode;
  moreBulkActions: ReactNode[];
}

/**
 * One admin list: its query in the URL, the request and the toast when it fails, the filter
 * counts, the CSV export and the bulk selection. A tab adds its columns and its own actions.
 */
export function useListTab<T>(
  definition: ListDefinition<T>,
  { bulk, pollingInterval }: ListTabOptions = {},
): ListTab<T> {
  const { label, exportPath, name } = definition;
  const query = useTableQuery(definition.defaultStatus ?? ALL, definition.defaultSort);
  const { data, isFetching, error, refetch } = definition.useList(
    query.args,
    pollingInterval ? { pollingInterval } : undefined,
  );
  const toast = useToast();
  const download = useDownload();
  const [exporting, setExporting] = useState(false);
  const { selection, action, moreActions } = useBulkAction(bulk);

  useEffect(() => {
    if (error) toast.error(`Failed to load ${label}`, error);
  }, [error, toast, label]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const path = listUrl(exportPath, {
        status: query.status,
        search: query.search.trim(),
        sort: query.args.sort,
      });
      toast.success('Exported to CSV', await download(path, `${name}-${today()}.csv`));
    } catch (err) {
      toast.error(`Failed to export ${label}`, err);
    } finally {
      setExporting(false);
    }
  };

  return {
    definition,
    query,
    page: data,
    loading: isFetching,
    refetch: () => void refetch(),
    filters: definition.filters.map((f) => ({
      ...f,
      count: data ? (data.counts[f.value] ?? 0) : 0,
    })),
    exportCsv,
    exporting,
    selection,
    bulkAction: action,
    moreBulkActions: moreActions,
  };
}
