import { useCallback, useMemo, useState, type Key } from 'react';
import { Button } from 'antd';
import type { ListSelection } from '@artist/contracts';
import { useToast } from '../../components/useToast.js';

export interface BulkActionOptions {
  /** 'requests', 'signups' or 'messages'. */
  noun: string;
  /** 'Notified', 'Contacted' or 'Responded'. */
  verb: string;
  /** Most rows one action may touch. */
  limit?: number;
  /** Applies the action to the ticked rows (`ids`) or to every row matching (`filter`). */
  run: (selection: ListSelection<string>) => Promise<unknown>;
}

/** Every row matching the table's filter and search, chosen with "Select all N matching". */
export interface MatchingSelection {
  status: string;
  search: string;
  total: number;
}

/** The ticked rows of a table, or every row matching its filter and search. */
export interface TableSelection {
  selectedKeys: Key[];
  onChange: (keys: Key[]) => void;
  matching: MatchingSelection | null;
  selectAllMatching: (matching: MatchingSelection) => void;
  clear: () => void;
}

const singular = (noun: string) => noun.replace(/s$/, '');

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** Row selection and the 'Mark N as …' action of the notify-me, newsletter and contact tabs. */
export function useBulkAction({ noun, verb, limit, run }: BulkActionOptions) {
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [matching, setMatching] = useState<MatchingSelection | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const done = verb.toLowerCase();
  const count = matching ? matching.total : selectedKeys.length;

  const clear = useCallback(() => {
    setSelectedKeys((keys) => (keys.length ? [] : keys));
    setMatching(null);
  }, []);

  const onClick = async () => {
    if (count === 0) {
      toast.error('No selection', undefined, `Please select ${noun} to mark as ${done}.`);
      return;
    }
    if (limit !== undefined && count > limit) {
      toast.error(
        'Too many selections',
        undefined,
        `Please select up to ${limit} ${noun} at a time. Use filters to process larger batches.`,
      );
      return;
    }
    setBusy(true);
    try {
      await run(
        matching
          ? { filter: { status: matching.status, search: matching.search } }
          : { ids: selectedKeys.map(Number) },
      );
      toast.success(
        `Marked ${formatCount(count)} ${count === 1 ? singular(noun) : noun} as ${done}`,
      );
      clear();
    } catch (err) {
      toast.error(`Failed to update ${noun}`, err);
    } finally {
      setBusy(false);
    }
  };

  const selection = useMemo<TableSelection>(
    () => ({
      selectedKeys,
      onChange: (keys) => {
        setMatching(null);
        setSelectedKeys(keys);
      },
      matching,
      selectAllMatching: setMatching,
      clear,
    }),
    [selectedKeys, matching, clear],
  );
  const action = (
    <Button type="primary" onClick={onClick} loading={busy}>
      Mark {formatCount(count)} as {verb}
    </Button>
  );
  return { selection, action };
}
