import { useCallback } from 'react';
import { callApi, isHttpError, setAuthenticated } from '../../app/api.js';
import { useAppDispatch } from '../../app/store.js';

export const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * Fetches a file of the API (`path` under `/api`, such as a CSV export) and saves it under the
 * server's file name, or `fallbackName`. A failure is thrown as the HttpError of every call.
 */
async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const answer = await callApi({ url: path });
  if ('error' in answer) throw answer.error;
  const { response } = answer;
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  saveFile(await response.blob(), filename);
  return filename;
}

/**
 * Downloads a file of the API and resolves to its name. As with every admin call, a 401 means the
 * session expired and sends the artist back to the login screen (the error toasts stay quiet).
 */
export function useDownload() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (path: string, fallbackName: string) => {
      try {
        return await downloadFile(path, fallbackName);
      } catch (err) {
        if (isHttpError(err) && err.status === 401) dispatch(setAuthenticated(false));
        throw err;
      }
    },
    [dispatch],
  );
}

/** Hands a file to the browser's downloads. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
