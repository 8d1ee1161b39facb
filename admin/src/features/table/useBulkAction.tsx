import { useCallback, useMemo, useState, type Key, type ReactNode } from 'react';
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
  /** Further actions on the same selection, such as emailing the chosen requests. */
  more?: ExtraBulkAction[];
}

/** Another action on a tab's selection, beside its 'Mark N as …'. */
export interface ExtraBulkAction {
  key: string;
  /** The button's words for the selection's count (already formatted). */
  label: (count: string) => string;
  run: (selection: ListSelection<string>) => Promise<unknown>;
  /** Why the button does nothing yet, on hover while nothing is selected. */
  nothing: string;
  /** The success toast's title, from the server's answer. */
  success: (result: unknown) => string;
  /** The error toast's title when the server refused. */
  failure: string;
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

export interface BulkAction {
  /** None for a list without bulk actions. */
  selection: TableSelection | undefined;
  /** The 'Mark N as …' button. */
  action: ReactNode;
  moreActions: ReactNode[];
}

/**
 * Row selection and the 'Mark N as …' action of the notify-me, newsletter and contact tabs, with
 * any further actions on the same selection; nothing for a list without (`options` undefined).
 */
export function useBulkAction(options: BulkActionOptions | undefined): BulkAction {
  const { noun = '', verb = '', limit, run, more = [] } = options ?? {};
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
  /** Runs one action on the selection: checks it, calls the server, then says how it went. */
  const perform = async (
    act: (selection: ListSelection<string>) => Promise<unknown>,
    words: { success: (result: unknown) => string; failure: string },
  ) => {
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
      const result = await act(
        matching
          ? { filter: { status: matching.status, search: matching.search } }
          : { ids: selectedKeys.map(Number) },
      );
      toast.success(words.success(result));
      clear();
    } catch (err) {
      toast.error(words.failure, err);
    } finally {
      setBusy(false);
    }
  };

  if (!run) return { selection: undefined, action: null, moreActions: [] };
  // Nothing selected, nothing to act on: the buttons wait, and say why on hover.
  const none = count === 0;
  const action = (
    <Button
      type="primary"
      loading={busy}
      disabled={none}
      title={none ? `Please select ${noun} to mark as ${done}.` : undefined}
      onClick={() =>
        perform(run, {
          success: () =>
            `Marked ${formatCount(count)} ${count === 1 ? singular(noun) : noun} as ${done}`,
          failure: `Failed to update ${noun}`,
        })
      }
    >
      Mark {formatCount(count)} as {verb}
    </Button>
  );
  const moreActions = more.map((extra) => (
    <Button
      key={extra.key}
      loading={busy}
      disabled={none}
      title={none ? extra.nothing : undefined}
      onClick={() =>
        perform(extra.run, {
          success: extra.success,
          failure: extra.failure,
        })
      }
    >
      {extra.label(formatCount(count))}
    </Button>
  ));
  return { selection, action, moreActions };
}
