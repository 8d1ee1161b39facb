import { MAX_QUANTITY, MIN_QUANTITY } from '@artist/contracts';

/**
 * Minus and plus around the quantity: minus is disabled at 1 or less, plus at 10 or more (or at
 * what is left, when few are), and then a line says why, so the limit is never a silent dead
 * button.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  left = null,
}: {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for screen readers: 'Quantity', 'Quantity of T-Shirt (M)'. */
  label: string;
  /** How many can be had when few are left (the shop's "Only 3 left"), else null. */
  left?: number | null;
}) {
  const limit = left === null ? MAX_QUANTITY : Math.min(left, MAX_QUANTITY);
  const atLimit = value >= limit;
  return (
    <div className="stepper__wrap">
      <div className="stepper" role="group" aria-label={label}>
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={value <= MIN_QUANTITY}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <span className="stepper__value" aria-live="polite" aria-atomic="true">
          {value}
        </span>
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={atLimit}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
      <p className="stepper__limit" aria-live="polite">
        {!atLimit
          ? ''
          : limit < MAX_QUANTITY
            ? `Only ${limit} left.`
            : `${MAX_QUANTITY} is the most per order.`}
      </p>
    </div>
  );
}
