import { useId, useState } from 'react';
import {
  DEFAULT_TSHIRT_SIZES,
  MAX_SIZE_LENGTH,
  MAX_SIZES,
  normalSize,
  sizesProblem,
  type Size,
} from '@artist/contracts';
import { Alert, Button, Flex, Input, Tag } from 'antd';

/**
 * A product's sizes as she names them (XS, 3XL, "One size", "Youth M"), in the shop's order:
 * typed in and added, moved up or down, removed. "T-shirt sizes" fills in S to 2XL. The sentence
 * shown for a size that cannot be added is the API's own (`sizesProblem`).
 */
export function SizesEditor({
  value = [],
  onChange,
}: {
  value?: Size[];
  onChange?: (sizes: Size[]) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const set = (sizes: Size[]) => {
    setProblem(null);
    onChange?.(sizes);
  };

  const add = () => {
    const size = normalSize(draft);
    const next = [...value, size];
    const wrong = sizesProblem(next);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    set(next);
    setDraft('');
  };

  const move = (from: number, to: number) => {
    const next = [...value];
    const [size] = next.splice(from, 1);
    next.splice(to, 0, size!);
    set(next);
  };

  return (
    <Flex vertical gap={8}>
      {value.length > 0 ? (
        <ol
          aria-label="Sizes, in the shop's order"
          style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 4 }}
        >
          {value.map((size, i) => (
            <li key={size} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
              <Tag style={{ minWidth: 72 }}>{size}</Tag>
              <Button
                size="small"
                disabled={i === 0}
                aria-label={`Move ${size} earlier`}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                disabled={i === value.length - 1}
                aria-label={`Move ${size} later`}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </Button>
              <Button
                size="small"
                danger
                aria-label={`Remove size ${size}`}
                onClick={() => set(value.filter((s) => s !== size))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      ) : (
        <p>No sizes: one size only, with one stock count.</p>
      )}
      <Flex gap={8} wrap>
        <Input
          id={`${id}-new`}
          aria-label="New size"
          value={draft}
          placeholder="e.g. XS, 3XL, Youth M"
          maxLength={MAX_SIZE_LENGTH + 8}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onPressEnter={(e) => {
            e.preventDefault();
            add();
          }}
          style={{ width: 200 }}
          disabled={value.length >= MAX_SIZES}
        />
        <Button onClick={add} disabled={value.length >= MAX_SIZES || !draft.trim()}>
          Add size
        </Button>
        {value.length === 0 && (
          <Button onClick={() => set([...DEFAULT_TSHIRT_SIZES])}>T-shirt sizes (S–2XL)</Button>
        )}
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Flex>
  );
}
