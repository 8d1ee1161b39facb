import { forwardRef } from 'react';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  hideLabel?: boolean;
  required?: boolean;
  maxLength?: number;
  /** `email` unless the field also offers something else (`email webauthn`: passkeys). */
  autoComplete?: string;
}

/** A labelled email input whose error is announced and tied to the field. */
export const EmailField = forwardRef<HTMLInputElement, Props>(function EmailField(
  { id, label, value, onChange, error, placeholder, hideLabel, required, maxLength, autoComplete },
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
        autoComplete={autoComplete ?? 'email'}
        inputMode="email"
        required={required}
        maxLength={maxLength}
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
