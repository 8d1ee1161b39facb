import { Button } from 'antd';
import { useToast } from './useToast.js';

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
    <Button size="small" type="link" onClick={copy} aria-label={label}>
      Copy
    </Button>
  );
}
