import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { formatDay } from '../../components/format.js';
import { useGetShowsQuery } from '../shows/showsApi.js';
import { SEARCH_DELAY_MS } from '../table/useTableQuery.js';

/** Shows the picker offers at once; typing searches them all on the server. */
const PICKER_SIZE = 50;

/**
 * Picks the show a merch-table sale was made at: every show, most recent date first, searched by
 * venue and city on the server as the artist types.
 */
export function ShowPicker(props: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useGetShowsQuery({
    status: 'all',
    search,
    sort: '-date',
    page: 1,
    pageSize: PICKER_SIZE,
  });
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);
  const options = (data?.rows ?? []).map((show) => ({
    value: show.id,
    label: `${formatDay(show.date)} · ${show.venue}, ${show.city}`,
  }));
  // The picked show keeps its name while a search that does not find it is on screen.
  if (picked && picked.value === props.value && !options.some((o) => o.value === picked.value))
    options.unshift(picked);
  return (
    <Select<number | null>
      id={props.id}
      value={props.value ?? undefined}
      onChange={(value, option) => {
        setPicked(
          option && !Array.isArray(option) ? (option as { value: number; label: string }) : null,
        );
        props.onChange?.(value ?? null);
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={isFetching}
      placeholder="Search shows by venue or city"
      notFoundContent={isFetching ? 'Loading shows...' : 'No show found'}
    />
  );
}
