import { Children, type CSSProperties, type ReactNode } from 'react';

/**
 * antd's preset tag colours (green, gold, blue…) put 12 px text at about 3.4:1 on their own
 * background; these tones keep every status label at 4.5:1 or better.
 */
const TONES = {
  success: { color: '#1f5c0b', backgroundColor: '#eef7e6', borderColor: '#b7dba0' },
  warning: { color: '#6e4600', backgroundColor: '#fff6dd', borderColor: '#efd28a' },
  info: { color: '#0b4a8a', backgroundColor: '#e8f1fb', borderColor: '#a9c8ee' },
  danger: { color: '#9b1c1c', backgroundColor: '#fdecec', borderColor: '#f0b3b3' },
  neutral: { color: '#4a4540', backgroundColor: '#f2efeb', borderColor: '#d9d3cc' },
} as const;

export type StatusTone = keyof typeof TONES;

// A plain element drawn like antd's Tag: a status appears in every row of a table, and a plain
// span costs a fraction of an antd component each time the rows render again (a search, a page).
const BASE: CSSProperties = {
  display: 'inline-block',
  padding: '0 7px',
  fontSize: 12,
  lineHeight: '20px',
  border: '1px solid',
  borderRadius: 4,
  whiteSpace: 'nowrap',
  // A long tag ("Pre-order: ships from Sun, Feb 1, 2099") stops short of pushing the row's
  // action out of the table: it ends in an ellipsis, its whole text on hover.
  maxWidth: 200,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'bottom',
};
const STYLES = Object.fromEntries(
  Object.entries(TONES).map(([tone, colours]) => [tone, { ...BASE, ...colours }]),
) as Record<StatusTone, CSSProperties>;

/** The words of a tag made of text alone, for its hover title. */
const textOf = (children: ReactNode) =>
  Children.toArray(children).every((c) => typeof c === 'string' || typeof c === 'number')
    ? Children.toArray(children).join('')
    : undefined;

export function StatusTag({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span className="status-tag" style={STYLES[tone]} title={textOf(children)}>
      {children}
    </span>
  );
}
