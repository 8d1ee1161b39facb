import { listUrl } from '../../app/api.js';

export const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

export class ExportError extends Error {
  constructor(
    readonly status: number | 'FETCH_ERROR',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Fetches the server's CSV export with the table's filter, search and sort, so the file holds the
 * rows of every page in the order on screen, and saves it as `<name>-YYYY-MM-DD.csv` (or the
 * server's file name).
 */
export function downloadCsv(
  path: string,
  name: string,
  query: { status: string; search: string; sort: string },
): Promise<string> {
  return downloadFile(listUrl(path, query), name);
}

/** Fetches a CSV export of the API (`url` under `/api`) and saves it under the server's name. */
export async function downloadFile(path: string, name: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { credentials: 'include' });
  } catch (err) {
    throw new ExportError('FETCH_ERROR', err instanceof Error ? err.message : String(err));
  }
  if (!res.ok) {
    const text = await res.text();
    throw new ExportError(res.status, `${res.status}: ${text || res.statusText}`);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `${name}-${today()}.csv`;
  saveFile(await res.blob(), filename);
  return filename;
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
