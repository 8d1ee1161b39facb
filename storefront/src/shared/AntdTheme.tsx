import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { themeTokens } from '@artist/contracts';

const theme = { token: themeTokens };

/** The site's antd theme around the widgets that load on demand (dialogs, cart panel). */
export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
