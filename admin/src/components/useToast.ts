import { useMemo } from 'react';
import { App } from 'antd';
import { errorMessage, isHttpError } from '../app/api.js';

/** Success and destructive toasts of the dashboard. */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: string, description?: string) =>
        notification.success({ title, description }),
      warning: (title: string, description?: string) =>
        notification.warning({ title, description }),
      error: (title: string, err?: unknown, description?: string) => {
        // A 401 sends the artist to the login screen; a toast on top would only be noise.
        if (isHttpError(err) && err.status === 401) return;
        notification.error({ title, description: description ?? (err ? errorMessage(err) : '') });
      },
    }),
    [notification],
  );
}
