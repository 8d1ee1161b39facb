import { Button, Flex } from 'antd';

/**
 * The dashboard's tab bar on a phone: every tab stays in sight, on as many rows as it takes,
 * where antd's bar would hide the last ones behind "⋯".
 */
export function PhoneTabBar({
  tabs,
  activeKey,
  onSelect,
}: {
  tabs: readonly { key: string; label: string }[];
  activeKey: string;
  onSelect: (key: string) => void;
}) {
  return (
    <Flex role="tablist" aria-label="Sections" gap={8} wrap style={{ marginBottom: 16 }}>
      {tabs.map(({ key, label }) => (
        <Button
          key={key}
          role="tab"
          aria-selected={key === activeKey}
          type={key === activeKey ? 'primary' : 'default'}
          onClick={() => onSelect(key)}
        >
          {label}
        </Button>
      ))}
    </Flex>
  );
}
