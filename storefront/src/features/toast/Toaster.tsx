import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/store.js';
import {
  dismissToast,
  removeToast,
  selectToasts,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_THRESHOLD,
  type Toast,
} from './toastSlice.js';

const HOTKEY = 'F8';

/**
 * The toast region. Written here rather than taken from antd because antd's message and
 * notification have neither the F8 hotkey nor swipe-to-dismiss the shop's toasts have, and
 * this stays out of the first page load's JavaScript.
 */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === HOTKEY) regionRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label={`Notifications (${HOTKEY})`} className="toast-region">
      <ol ref={regionRef} tabIndex={-1} className="toast-list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (!toast.open || paused) return;
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.duration);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.open, toast.duration, paused]);

  useEffect(() => {
    if (toast.open) return;
    const timer = setTimeout(() => dispatch(removeToast(toast.id)), TOAST_REMOVE_DELAY);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.open]);

  if (!toast.open) return null;

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = (event: PointerEvent) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    setOffset(0);
    if (moved >= TOAST_SWIPE_THRESHOLD) dispatch(dismissToast(toast.id));
  };

  return (
    <li
      className={`toast toast--${toast.variant}`}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__description">{toast.description}</p>}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label="Close notification"
        onClick={() => dispatch(dismissToast(toast.id))}
      >
        ×
      </button>
    </li>
  );
}
