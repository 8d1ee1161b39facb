import { forwardRef } from 'react';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  hideLabel?: boolean;
}

/** A labelled email input whose error is announced and tied to the field. */
export const EmailField = forwardRef<HTMLInputElement, Props>(function EmailField(
  { id, label, value, onChange, error, placeholder, hideLabel },
  ref,
) {
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
