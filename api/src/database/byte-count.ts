/** A byte count in a bigint column: the drivers hand it back as a string or a number. */
export const byteCount = {
  to: (value: number | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
