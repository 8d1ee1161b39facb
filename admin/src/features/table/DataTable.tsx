import { useAppDispatch } from '../../app/store.js';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Flex, Space, Table, Typography } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { setAuthenticated } from '../../app/api.js';
import { downloadCsv, ExportError } from './downloadCsv.js';
import { SearchBox } from './SearchBox.js';
import { sortRows, type SortOrder, type SortValue } from './sortRows.js';
import { ALL, useTableQuery } from './useTableQuery.js';

export const PAGE_SIZE = 50;

export interface DataColumn<T> extends ColumnType<T> {
  key: string;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => SortValue;
}

export interface StatusFilter<T> {
  /** Lower-case value sent as `status` to the export; 'all' matches every row. */
  value: string;
  label: string;
  match?: (row: T) => boolean;
}

export interface DataTableProps<T extends { id: number }> {
  /** Base name of the CSV file, e.g. 'shows'. */
  name: string;
  /** What the rows are, in toasts: 'Failed to export {label}'. */
  label: string;
  exportPath: string;
  rows: T[] | undefined;
  loading: boolean;
  columns: DataColumn<T>[];
  filters: StatusFilter<T>[];
  defaultStatus?: string;
  defaultSort?: { key: string; order: SortOrder };
  /** Text the search box looks in. */
  searchText: (row: T) => string;
  searchPlaceholder: string;
  emptyText: string;
  primaryAction?: ReactNode;
  selection?: { selectedKeys: Key[]; onChange: (keys: Key[]) => void };
  /** How a row is named to assistive technology, as in 'Select fan@example.com'. */
  rowLabel?: (row: T) => string;
}

/** The one table of the dashboard: search, status filter, sort, CSV, paging and selection. */
export function DataTable<T extends { id: number }>(props: DataTableProps<T>) {
  const { rows, columns, filters, searchText, selection, defaultSort } = props;
  const query = useTableQuery(props.defaultStatus);
  const [sort, setSort] = useState<{ key: string; order: SortOrder } | null>(defaultSort ?? null);
  const [exporting, setExporting] = useState(false);
  const { notification } = App.useApp();
  const dispatch = useAppDispatch();

  const filter = filters.find((f) => f.value === query.status) ?? filters[0];
  const all = useMemo(() => rows ?? [], [rows]);
  const counts = useMemo(
    () => new Map(filters.map((f) => [f.value, f.match ? all.filter(f.match).length : all.length])),
    [all, filters],
  );
  // The rows in display order, each beside the lower-case text a search looks in. Each row's
  // fields are joined by line breaks, which a search never holds, so a match stays within one
  // field as on the server.
  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    const rowsInOrder =
      sort && column?.sortValue ? sortRows(all, column.sortValue, sort.order) : all;
    return {
      rows: rowsInOrder,
      texts: rowsInOrder.map((row) => searchText(row).toLowerCase()),
    };
  }, [all, columns, sort, searchText]);
  const needle = query.search.trim().toLowerCase();
  // A plain loop over parallel arrays: with tens of thousands of rows this runs on every
  // keystroke, and it is the part of a search that grows with the list.
  const visible = useMemo(() => {
    const { rows: candidates, texts } = sorted;
    const match = filter.match;
    const result: T[] = [];
    for (let i = 0; i < candidates.length; i++) {
      const row = candidates[i]!;
      if ((!match || match(row)) && (!needle || texts[i]!.includes(needle))) result.push(row);
    }
    return result;
  }, [sorted, filter, needle]);

  const total = visible.length;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const first = (page - 1) * PAGE_SIZE;
  const pageRows = visible.slice(first, first + PAGE_SIZE);

  const tableColumns = useMemo(
    () =>
      columns.map(({ sortValue, ...column }) =>
        sortValue
          ? {
              ...column,
              sorter: true,
              sortOrder: sort?.key === column.key ? sort.order : null,
              sortDirections: ['ascend', 'descend'] as SortOrder[],
            }
          : column,
      ),
    [columns, sort],
  );

  // Clearing an empty selection would only render the whole table once more.
  const clearSelection = () => {
    if (selection?.selectedKeys.length) selection.onChange([]);
  };
  const changeFilter = (value: string) => {
    clearSelection();
    query.setStatus(value);
  };
  const changeSearch = (value: string) => {
    clearSelection();
    query.setSearch(value);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const filename = await downloadCsv(props.exportPath, props.name, filter.value, query.search);
      notification.success({ title: 'Exported to CSV', description: filename });
    } catch (err) {
      if (err instanceof ExportError && err.status === 401) {
        dispatch(setAuthenticated(false));
      } else {
        notification.error({
          title: `Failed to export ${props.label}`,
          description: err instanceof Error ? err.message : String(err),
        });
      }
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="data-table">
      <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Space wrap>
          <SearchBox
            value={query.search}
            placeholder={props.searchPlaceholder}
            onChange={changeSearch}
          />
          <Space.Compact role="group" aria-label="Status filter">
            {filters.map((f) => (
              <Button
                key={f.value}
                type={f.value === filter.value ? 'primary' : 'default'}
                aria-pressed={f.value === filter.value}
                onClick={() => changeFilter(f.value)}
              >
                {f.label} ({counts.get(f.value) ?? 0})
              </Button>
            ))}
          </Space.Compact>
        </Space>
        <Space wrap>
          <Button onClick={onExport} loading={exporting}>
            Download CSV
          </Button>
          {props.primaryAction}
        </Space>
      </Flex>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={tableColumns}
        dataSource={pageRows}
        loading={props.loading}
        pagination={false}
        scroll={{ y: 400, x: 'max-content' }}
        locale={{ emptyText: props.emptyText }}
        showSorterTooltip={false}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selectedKeys,
            onChange: (keys) => selection.onChange(keys),
            preserveSelectedRowKeys: true,
            getCheckboxProps: (row) => ({
              'aria-label': `Select ${props.rowLabel?.(row) ?? `row ${row.id}`}`,
            }),
          }
        }
        onChange={(_pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
          setSort(s.order && s.columnKey ? { key: String(s.columnKey), order: s.order } : null);
        }}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" aria-live="polite">
          Showing {total === 0 ? 0 : first + 1}-{first + pageRows.length} of {total}
        </Typography.Text>
        <Space>
          <Button disabled={page <= 1} onClick={() => query.setPage(page - 1)}>
            Previous
          </Button>
          <Button disabled={page >= pageCount} onClick={() => query.setPage(page + 1)}>
            Next
          </Button>
        </Space>
      </Flex>
    </div>
  );
}

export { ALL };
