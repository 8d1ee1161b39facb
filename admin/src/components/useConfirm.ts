import { useMemo, type ReactNode } from 'react';
import { App } from 'antd';
import { useToast } from './useToast.js';

/** A call the artist is asked about first, and what the dashboard says once it has run. */
export interface ConfirmedCall<R> {
  title: string;
  content?: ReactNode;
  okText: string;
  cancelText: string;
  /** A red OK button, for what cannot be undone. */
  danger?: boolean;
  /** The call itself; the OK button spins until it settles. */
  run: () => Promise<R>;
  /** The success toast's title, from the call's answer where it depends on it. */
  success: string | ((result: R) => string);
  /** The error toast's title. */
  failure: string;
  /** The error toast's text, when not the error's message (the server's sentence, say). */
  describe?: (err: unknown) => string | undefined;
  /** After the success toast: closing the dialog the call was made from, say. */
  then?: () => void;
}

/** The same, with the words of a deletion: 'Delete' in red, or 'Keep'. */
export type ConfirmedDeletion<R> = Omit<ConfirmedCall<R>, 'okText' | 'cancelText' | 'danger'>;

/**
 * Asks before a call (antd's confirm), then runs it and says how it went: a success toast and
 * `then`, or an error toast (the confirm closes either way). `confirmDelete` asks 'Delete' or
 * 'Keep'.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  const toast = useToast();
  return useMemo(() => {
    const confirm = <R>(call: ConfirmedCall<R>) => {
      const { run, success, failure, describe, then, danger, ...words } = call;
      return modal.confirm({
        ...words,
        ...(danger && { okButtonProps: { danger: true } }),
        onOk: async () => {
          try {
            const result = await run();
            toast.success(typeof success === 'function' ? success(result) : success);
            then?.();
          } catch (err) {
            toast.error(failure, err, describe?.(err));
          }
        },
      });
    };
    const confirmDelete = <R>(call: ConfirmedDeletion<R>) =>
      confirm({ ...call, okText: 'Delete', cancelText: 'Keep', danger: true });
    return { confirm, confirmDelete };
  }, [modal, toast]);
}
