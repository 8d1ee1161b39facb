import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Environment } from './environment.js';
import { settingsOf } from './setting.js';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const settings = settingsOf(Environment);
const declared = settings.map(({ name }) => name).sort();
const defaults = new Map(settings.map((s) => [s.name, s.default]));

/** `NAME=value` lines of `.env.example` (comments left out). */
const example = read('.env.example')
  .split('\n')
  .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
  .filter((match) => match !== null)
  .map(([, name, value]) => ({ name, value }));

/** Rows of the README's settings table: the one whose first column is `Variable`. */
function readmeRows(): { name: string; default: string }[] {
  const lines = read('README.md').split('\n');
  const head = lines.findIndex((line) => /^\|\s*Variable\s*\|/.test(line));
  const rows: { name: string; default: string }[] = [];
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break;
    const [name, byDefault] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    rows.push({ name: name.replace(/^`|`$/g, ''), default: byDefault });
  }
  return rows;
}

describe('the settings schema', () => {
  it('declares each setting once, with a name as the environment spells it', () => {
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(declared).size).toBe(declared.length);
    for (const name of declared) expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it('is what .env.example lists: every setting once, none it does not declare', () => {
    expect(example.map(({ name }) => name).sort()).toEqual(declared);
  });

  it('gives in .env.example either nothing or the default', () => {
    for (const { name, value } of example) {
      const byDefault = defaults.get(name);
      if (value !== '') expect([name, value]).toEqual([name, String(byDefault)]);
    }
  });

  it('is what the README’s table lists: every setting once, none it does not declare', () => {
    expect(
      readmeRows()
        .map(({ name }) => name)
        .sort(),
    ).toEqual(declared);
  });

  it('has the README give the default of each setting that has one', () => {
    for (const row of readmeRows()) {
      const byDefault = defaults.get(row.name);
      if (byDefault !== undefined)
        expect([row.name, row.default]).toEqual([row.name, `\`${String(byDefault)}\``]);
    }
  });
});
