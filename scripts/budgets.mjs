// The budgets of `npm test` live in one place, the "Budgets" table of docs/ci.md, where they are
// explained; this reads them. A row's first cell names a stage as `npm test` prints it (or a
// figure, such as the JavaScript for `/`), its "Budget" cell is a time ("420 s", "20 min") or a
// size ("200 KiB").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/ci.md');

const cells = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim().replace(/`/g, ''));

function parse(value, where) {
  const match = /^([\d.]+)\s*(s|min|KiB)\b/.exec(value);
  if (!match) throw new Error(`${where}: "${value}" is not a budget like "420 s" or "200 KiB"`);
  const n = Number(match[1]);
  return match[2] === 'KiB' ? { kib: n } : { seconds: match[2] === 'min' ? n * 60 : n };
}

/** Every budget by name: `{ seconds }` for a stage's time, `{ kib }` for a size. */
export function readBudgets(doc = DOC) {
  const lines = readFileSync(doc, 'utf8').split('\n');
  const heading = lines.findIndex((line) => /^## Budgets\s*$/.test(line));
  if (heading < 0) throw new Error(`${doc} has no "## Budgets" section`);
  const start = lines.findIndex((line, i) => i > heading && line.startsWith('|'));
  const header = cells(lines[start]);
  const column = header.indexOf('Budget');
  if (column < 0) throw new Error(`${doc}: the budgets table has no "Budget" column`);
  const budgets = new Map();
  for (let i = start + 2; i < lines.length && lines[i].startsWith('|'); i++) {
    const row = cells(lines[i]);
    budgets.set(row[0], parse(row[column], `${doc}:${i + 1}`));
  }
  return budgets;
}
