import { useMemo, useState, type Key } from 'react';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';

export interface BulkActionOptions {
  /** 'requests', 'signups' or 'messages'. */
  noun: string;
  /** 'Notified', 'Contacted' or 'Responded'. */
  verb: string;
  /** Most rows one action may touch. */
  limit?: number;
  run: (ids: number[]) => Promise<unknown>;
}

const singular = (noun: string) => noun.replace(/s$/, '');

/** Row selection and the 'Mark N as …' action of the notify-me, newsletter and contact tabs. */
export function useBulkAction({ noun, verb, limit, run }: BulkActionOptions) {
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const done = verb.toLowerCase();
  const count = selectedKeys.length;

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
      await run(selectedKeys.map(Number));
      toast.success(`Marked ${count} ${count === 1 ? singular(noun) : noun} as ${done}`);
      setSelectedKeys([]);
    } catch (err) {
      toast.error(`Failed to update ${noun}`, err);
    } finally {
      setBusy(false);
    }
  };

  const selection = useMemo(() => ({ selectedKeys, onChange: setSelectedKeys }), [selectedKeys]);
  const action = (
    <Button type="primary" onClick={onClick} loading={busy}>
      Mark {count} as {verb}
    </Button>
  );
  return { selection, action };
}
