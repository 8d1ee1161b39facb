/**
 * Data the server put in the page as `<script type="application/json" id="…">` (the content, the
 * gallery), if the page has it. A shell on another origin, or a test, has none: the data is then
 * asked for.
 */
export function embeddedJson<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
