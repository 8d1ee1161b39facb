import { InputNumber, type InputNumberProps } from 'antd';

type Props = Omit<InputNumberProps<number>, 'prefix' | 'precision' | 'step'>;

/**
 * A dollar amount to the cent, as every price, rate and threshold of the admin's forms is typed;
 * the form keeps dollars and its body sends cents (`toCents`, `toOptionalCents`).
 */
export function MoneyInput({ style, ...props }: Props) {
  return (
    <InputNumber<number>
      prefix="$"
      precision={2}
      step={1}
      style={{ width: 160, ...style }}
      {...props}
    />
  );
}

/** Whole cents from a dollar amount typed with at most two decimals. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** Cents, or null for a field left empty. */
export const toOptionalCents = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : toCents(dollars);

/** Dollars for a form's field, or null when the amount is not set. */
export const toOptionalDollars = (cents: number | null) => (cents === null ? null : cents / 100);
