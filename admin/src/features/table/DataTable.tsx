import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Button, Flex, Space, Table, Typography } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { LIST_PAGE_SIZE } from '@artist/contracts';
import { SearchBox } from './SearchBox.js';
import { formatCount } from './useBulkAction.js';
import type { ListTab } from './useListTab.js';
import type { SortOrder } from './useTableQuery.js';
import { usePhone } from '../../components/usePhone.js';

export interface DataColumn<T> extends ColumnType<T> {
  key: string;
  /** Makes the column sortable: the server's sort field for it. */
  sortField?: string;
}

export interface StatusFilter {
  /** The `status` the server filters by; 'all' matches every row. */
  value: string;
  label: string;
}

export interface DataTableProps<T extends { id: number | string }> {
  /** The list's definition and state (`useListTab`). */
  tab: ListTab<T>;
  columns: DataColumn<T>[];
  primaryAction?: ReactNode;
  /** A row to mark (e.g. the show just saved), scrolled into view when it appears. */
  highlightId?: number | string | null;
}

/**
 * The one table of the dashboard. The server filters, searches, sorts and pages (the URL state is
 * the request); the table shows the page it answers, the counts of the filter buttons, the CSV of
 * every matching row, and the row selection of the bulk actions, including every row matching.
 */
export function DataTable<T extends { id: number | string }>(props: DataTableProps<T>) {
  const { tab, columns } = props;
  const { definition, query, page, filters, selection } = tab;

  const filter = filters.find((f) => f.value === query.status) ?? filters[0]!;
  const rows = useMemo(() => page?.rows ?? [], [page]);
  const total = page?.total ?? 0;
  const pageSize = page?.pageSize ?? LIST_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // The rows on screen: while the next page loads, the last answer's page stays, and so does
  // "Showing x-y" (ticking "Select all" then selects exactly the rows it describes).
  const first = ((page?.page ?? query.page) - 1) * pageSize;

  // The table keeps to the window's width, on a phone as at 1440 px: its columns share it, and
  // long text (an address, a product's name) wraps rather than pushing the last columns, the
  // row's action among them, out of sight.
  const phone = usePhone();
  const tableColumns = useMemo(
    () =>
      columns.map(({ sortField, ...column }) => ({
        ...column,
        onCell: () => ({ style: { overflowWrap: 'anywhere' as const } }),
        ...(sortField && {
          sorter: true,
          sortOrder: query.sort.field === sortField ? query.sort.order : null,
          sortDirections: ['ascend', 'descend'] as SortOrder[],
        }),
      })),
    [columns, query.sort.field, query.sort.order],
  );

  // A page beyond the end (after rows were marked and left the filter, say): go to the last one.
  const { page: current, setPage } = query;
  useEffect(() => {
    if (page && page.total > 0 && current > pageCount) setPage(pageCount);
  }, [page, current, pageCount, setPage]);

  useEffect(() => {
    if (props.highlightId == null) return;
    document
      .querySelector(`tr[data-row-key="${String(props.highlightId)}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [props.highlightId, rows]);

  const container = useRef<HTMLDivElement>(null);
  const clearSelection = () => selection?.clear();
  const changeFilter = (value: string) => {
    clearSelection();
    query.setStatus(value);
  };
  const changeSearch = (value: string) => {
    clearSelection();
    query.setSearch(value);
  };

  // Every row of the page ticked and more match: offer them all.
  const pageKeys = rows.map((r) => r.id);
  const wholePage =
    !!selection &&
    pageKeys.length > 0 &&
    pageKeys.every((key) => selection.selectedKeys.includes(key));
  const matching = selection?.matching;

  return (
    <div className="data-table" ref={container}>
      <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Flex wrap gap={8} align="center">
          <SearchBox
            value={query.search}
            placeholder={definition.searchPlaceholder}
            onChange={changeSearch}
          />
          <Flex wrap gap={4} role="group" aria-label="Status filter" className="status-filter">
            {filters.map((f) => (
              <Button
                key={f.value}
                type={f.value === filter.value ? 'primary' : 'default'}
                aria-pressed={f.value === filter.value}
                onClick={() => changeFilter(f.value)}
              >
                {f.label} ({formatCount(f.count)})
              </Button>
            ))}
          </Flex>
        </Flex>
        <Space wrap>
          <Button onClick={tab.exportCsv} loading={tab.exporting}>
            Download CSV
          </Button>
          {props.primaryAction}
        </Space>
      </Flex>
      {selection && (wholePage || matching) && total > pageKeys.length && (
        <Flex wrap gap={8} align="center" className="select-matching" role="status">
          {matching ? (
            <>
              <Typography.Text>
                All {formatCount(matching.total)} matching {definition.label} are selected.
              </Typography.Text>
              <Button type="link" onClick={clearSelection}>
                Clear selection
              </Button>
            </>
          ) : (
            <>
              <Typography.Text>
                All {formatCount(pageKeys.length)} on this page are selected.
              </Typography.Text>
              <Button
                type="link"
                onClick={() =>
                  selection.selectAllMatching({
                    status: query.status,
                    search: query.search.trim(),
                    total,
                  })
                }
              >
                Select all {formatCount(total)} matching
              </Button>
            </>
          )}
        </Flex>
      )}
      <Table<T>
        rowKey="id"
        size={phone ? 'small' : 'middle'}
        tableLayout="auto"
        columns={tableColumns}
        dataSource={rows}
        loading={tab.loading}
        pagination={false}
        // A new sort starts at its first row. antd would glide there over 450 ms, while the
        // rows under the pointer move; the artist's next click would land on another row.
        scroll={{ y: 400, scrollToFirstRowOnChange: false }}
        locale={{ emptyText: definition.emptyText }}
        showSorterTooltip={false}
        rowClassName={(row) => (row.id === props.highlightId ? 'data-table__row--highlight' : '')}
        onRow={(row) =>
          row.id === props.highlightId
            ? { style: { outline: '2px solid #c77d2e', outlineOffset: -2 } }
            : {}
        }
        rowSelection={
          selection && {
            selectedRowKeys: matching ? pageKeys : selection.selectedKeys,
            onChange: (keys) => selection.onChange(keys),
            preserveSelectedRowKeys: true,
            getCheckboxProps: (row) => ({
              'aria-label': `Select ${definition.rowLabel?.(row) ?? `row ${row.id}`}`,
            }),
          }
        }
        onChange={(_pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
          const column = columns.find((c) => c.key === String(s.columnKey));
          clearSelection();
          const body = container.current?.querySelector('.ant-table-body');
          if (body) body.scrollTop = 0;
          query.setSort(
            s.order && column?.sortField ? { field: column.sortField, order: s.order } : null,
          );
        }}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" aria-live="polite">
          Showing {rows.length === 0 ? 0 : first + 1}-{rows.length === 0 ? 0 : first + rows.length}{' '}
          of {formatCount(total)}
        </Typography.Text>
        <Space>
          <Button disabled={query.page <= 1} onClick={() => query.setPage(query.page - 1)}>
            Previous
          </Button>
          <Button disabled={query.page >= pageCount} onClick={() => query.setPage(query.page + 1)}>
            Next
          </Button>
        </Space>
      </Flex>
    </div>
  );
}
