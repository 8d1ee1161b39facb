import { Grid } from 'antd';

/** Whether the screen is a phone's: narrower than antd's `sm` breakpoint (576 px). */
export function usePhone(): boolean {
  return Grid.useBreakpoint().xs === true;
}
