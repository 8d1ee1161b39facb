import { Tag } from 'antd';
import type { ReactNode } from 'react';

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

export function StatusTag({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <Tag style={TONES[tone]}>{children}</Tag>;
}
