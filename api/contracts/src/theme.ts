/**
 * The site's design tokens, shared by every front end so that each remote's own antd
 * ConfigProvider renders the same look. The primary colour keeps 4.5:1 contrast with white text;
 * secondary, tertiary and quaternary text (antd derives them as translucent greys, about 3.3:1 on the layout
 * background) are set solid so they keep 4.5:1 too. Danger buttons, form errors and error
 * messages use a deep red that keeps 4.5:1 as text on white and under white text (antd's
 * default red is 3.3:1).
 */
export const themeTokens = {
  colorPrimary: '#8a4b14',
  colorLink: '#8a4b14',
  colorText: '#2b2118',
  colorTextSecondary: '#5f564d',
  colorTextTertiary: '#635a50',
  colorTextDescription: '#5f564d',
  // Empty-table and placeholder text; antd's default grey is 1.8:1 on white.
  colorTextQuaternary: '#6b635a',
  colorTextPlaceholder: '#6b635a',
  colorError: '#b42318',
  colorBgLayout: '#faf6f0',
  borderRadius: 6,
  fontFamily:
    "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;
