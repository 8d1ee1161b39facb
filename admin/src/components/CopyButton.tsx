import type { CSSProperties } from 'react';
import { themeTokens } from '@artist/contracts';
import { useToast } from './useToast.js';

// A plain button drawn as a link: it sits in every row of the newsletter table, where antd's
// Button would be rendered again for each of 50 rows on every search and page change.
const STYLE: CSSProperties = {
  padding: '0 4px',
  border: 0,
  background: 'none',
  color: themeTokens.colorLink,
  font: 'inherit',
  fontSize: 14,
  cursor: 'pointer',
};

/** Copies a value (such as an email address) and confirms with 'Copied to clipboard.'. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Copied to clipboard.');
    } catch (err) {
      toast.error('Copy failed', err);
    }
  };
  return (
    <button type="button" className="copy-button" style={STYLE} onClick={copy} aria-label={label}>
      Copy
    </button>
  );
}
