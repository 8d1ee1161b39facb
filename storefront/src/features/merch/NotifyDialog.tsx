import { useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from 'antd';
import { type Size, serverMessage } from '@artist/contracts';
import { useAppDispatch } from '../../app/store.js';
import { errorMessage, tooManyRequestsMessage } from '../../app/http.js';
import { AntdTheme } from '../../shared/AntdTheme.js';
import { EmailField } from '../../shared/EmailField.js';
import { INVALID_EMAIL, isValidEmail } from '../../shared/validation.js';
import { showToast } from '../toast/toastSlice.js';
import { useNotifyMeMutation } from './notifyApi.js';

const AVAILABLE_SOON = "We'll notify you when this product is available.";

/**
 * Asks for an email address to hear when an unavailable product returns: one size of it when
 * `size` is given (a sold-out size picked on its card), else the product as a whole.
 */
export default function NotifyDialog({
  productName,
  size,
  open,
  onClose,
}: {
  productName: string;
  size?: Size;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [notifyMe, { isLoading }] = useNotifyMeMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  /** The server's 429 sentence, shown in the dialog until the next attempt. */
  const [limited, setLimited] = useState<string>();
  const [done, setDone] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const reset = () => {
    setEmail('');
    setError(undefined);
    setLimited(undefined);
    setDone(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(INVALID_EMAIL);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setLimited(undefined);
    try {
      await notifyMe({ email: email.trim(), productName, ...(size ? { size } : {}) }).unwrap();
      // The thank-you view says it: a toast with the same words at once would say it twice.
      setDone(true);
    } catch (failure) {
      setLimited(tooManyRequestsMessage(failure));
      dispatch(
        showToast({
          title: 'Error',
          description: serverMessage(failure) ?? errorMessage(failure),
          variant: 'destructive',
        }),
      );
    }
  };

  return (
    <AntdTheme>
      <Modal
        open={open}
        onCancel={onClose}
        afterClose={reset}
        title={`Get Notified: ${productName}${size ? ` in ${size}` : ''}`}
        footer={null}
        afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      >
        {done ? (
          <div className="notify__done">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="48" height="48">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4Z"
              />
            </svg>
            <h3>Thank you!</h3>
            <p>{size ? `We'll notify you when ${size} is back.` : AVAILABLE_SOON}</p>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={submit}>
            <p>
              {size
                ? `Enter your email and we'll let you know when ${size} is back in stock.`
                : "Enter your email and we'll let you know when this product is available."}
            </p>
            <EmailField
              ref={inputRef}
              id={`${id}-email`}
              label="Email Address"
              placeholder="your@email.com"
              value={email}
              onChange={setEmail}
              error={error}
            />
            {limited && (
              <p className="field__error form__limited" role="alert">
                {limited}
              </p>
            )}
            <div className="dialog__actions">
              <button type="button" className="button button--outline" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="button" disabled={isLoading}>
                {isLoading ? 'Submitting...' : 'Notify Me'}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </AntdTheme>
  );
}
