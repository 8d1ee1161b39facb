import { DataSource } from 'typeorm';
import {
  NOT_COVERED_BY_PERSONAL_DATA,
  PERSONAL_COLUMN,
  PersonalDataRegistry,
} from '../src/common/personal-data.js';
import { oneDatabase } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

const TEXT_TYPES: unknown[] = ['varchar', 'text', 'simple-json', String];

describe.each(oneDatabase())('personal data on $name', (db) => {
  const t = testAppOfSuite(db);

  /** Each table of the app with a column that may name a person, and those columns. */
  function personalTables(): Map<string, string[]> {
    const tables = new Map<string, string[]>();
    for (const meta of t.app.get(DataSource).entityMetadatas) {
      const columns = meta.columns
        .filter((c) => TEXT_TYPES.includes(c.type) && PERSONAL_COLUMN.test(c.databaseName))
        .map((c) => c.databaseName);
      if (columns.length) tables.set(meta.tableName, columns);
    }
    return tables;
  }

  it('has a PersonalData covering every table with an email-like column, or a reason why not', () => {
    const providers = t.app.get(PersonalDataRegistry).providers();
    const covered = new Map<string, string>();
    for (const provider of providers)
      for (const table of provider.tables) {
        expect(covered.get(table)).toBeUndefined();
        covered.set(table, provider.constructor.name);
      }
    const uncovered = [...personalTables()]
      .filter(([table]) => !covered.has(table) && !(table in NOT_COVERED_BY_PERSONAL_DATA))
      .map(([table, columns]) => `${table} (${columns.join(', ')})`);
    expect(uncovered).toEqual([]);
    // What the lists say is true: each covered table exists (some name a person only through
    // another table, as a download through its link), each excused one names a person, none is both.
    const tables = t.app.get(DataSource).entityMetadatas.map((meta) => meta.tableName);
    expect([...covered.keys()].filter((table) => !tables.includes(table))).toEqual([]);
    const personal = personalTables();
    expect(
      Object.keys(NOT_COVERED_BY_PERSONAL_DATA).filter((table) => !personal.has(table)),
    ).toEqual([]);
    expect(Object.keys(NOT_COVERED_BY_PERSONAL_DATA).filter((table) => covered.has(table))).toEqual(
      [],
    );
  });

  it('counts shipping addresses, outbox addresses and client addresses as naming a person', () => {
    const personal = personalTables();
    expect(personal.get('orders')).toEqual(
      expect.arrayContaining(['email', 'shipName', 'shipLine1', 'shipPostalCode']),
    );
    expect(personal.get('emails')).toEqual(expect.arrayContaining(['toAddress', 'replyToAddress']));
    expect(personal.get('rate_limit_hits')).toEqual(['client']);
    expect([...personal.values()].flat()).not.toContain('oncePerEmail');
  });
});
