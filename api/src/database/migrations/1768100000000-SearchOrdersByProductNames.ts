import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';
import { keepingTriggers } from './sqlite-triggers.js';

/** The orders list's searched columns before and after (see 1767905000000-SearchFollowsWrites). */
const SEARCHED_BEFORE = ['email', 'customerName', 'showLocation', 'trackingNumber', 'notes'];
const SEARCHED_AFTER = [...SEARCHED_BEFORE, 'productNames'];

/**
 * An order is found by its lines' product names through the orders list's search index, not by a
 * `LIKE` over every line: the order keeps the names of the products its lines sold
 * (`orders.productNames`, one per line of text, each once), written with its lines, and the
 * search index follows that column as it follows the others. Existing orders get it from their
 * lines here; MySQL/MariaDB's three-letter index of the orders starts again from nothing (it
 * rebuilds itself in the background; a search tests every row until it has). `order_lines` is
 * indexed by product then order, so the buyers of a product are found from the index alone, and
 * by kind then order, so the sales report finds the release lines without reading the others.
 */
export class SearchOrdersByProductNames1768100000000 implements MigrationInterface {
  name = 'SearchOrdersByProductNames1768100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await dropSearch(queryRunner);
    await keepingTriggers(queryRunner, ['orders'], () =>
      queryRunner.addColumn(
        'orders',
        new TableColumn({ name: 'productNames', type: 'text', isNullable: true }),
      ),
    );
    if (isMysql(queryRunner)) {
      await queryRunner.query(
        'UPDATE `orders` o INNER JOIN (SELECT `orderId`, ' +
          "GROUP_CONCAT(DISTINCT `productName` ORDER BY `productName` SEPARATOR '\\n') AS names " +
          'FROM `order_lines` GROUP BY `orderId`) n ON n.`orderId` = o.`id` ' +
          'SET o.`productNames` = n.names',
      );
      for (const table of ['search_grams', 'search_gram_state', 'search_gram_changes'])
        await queryRunner.query(`DELETE FROM \`${table}\` WHERE \`list\` = 'orders'`);
    } else {
      await queryRunner.query(
        'UPDATE "orders" SET "productNames" = (SELECT GROUP_CONCAT(name, char(10)) FROM ' +
          '(SELECT DISTINCT "productName" AS name FROM "order_lines" ' +
          'WHERE "orderId" = "orders"."id" ORDER BY name))',
      );
    }
    await createSearch(queryRunner, SEARCHED_AFTER);
    await queryRunner.dropIndex('order_lines', 'IDX_order_lines_productId');
    await queryRunner.createIndex(
      'order_lines',
      new TableIndex({
        name: 'IDX_order_lines_productId_orderId',
        columnNames: ['productId', 'orderId'],
      }),
    );
    await queryRunner.createIndex(
      'order_lines',
      new TableIndex({ name: 'IDX_order_lines_kind_orderId', columnNames: ['kind', 'orderId'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('order_lines', 'IDX_order_lines_kind_orderId');
    await queryRunner.dropIndex('order_lines', 'IDX_order_lines_productId_orderId');
    await queryRunner.createIndex(
      'order_lines',
      new TableIndex({ name: 'IDX_order_lines_productId', columnNames: ['productId'] }),
    );
    await dropSearch(queryRunner);
    await keepingTriggers(queryRunner, ['orders'], () =>
      queryRunner.dropColumn('orders', 'productNames'),
    );
    if (isMysql(queryRunner)) {
      for (const table of ['search_grams', 'search_gram_state', 'search_gram_changes'])
        await queryRunner.query(`DELETE FROM \`${table}\` WHERE \`list\` = 'orders'`);
    }
    await createSearch(queryRunner, SEARCHED_BEFORE);
  }
}

/** Drops the orders list's search index triggers (and SQLite's full-text table). */
async function dropSearch(queryRunner: QueryRunner): Promise<void> {
  if (isMysql(queryRunner)) {
    await queryRunner.query('DROP TRIGGER IF EXISTS `orders_search_au`');
    return;
  }
  for (const when of ['ai', 'au', 'ad'])
    await queryRunner.query(`DROP TRIGGER IF EXISTS "orders_search_${when}"`);
  await queryRunner.query('DROP TABLE IF EXISTS "orders_search"');
}

/** The orders list's search index over `columns`, as 1767905000000-SearchFollowsWrites made it. */
async function createSearch(queryRunner: QueryRunner, columns: string[]): Promise<void> {
  if (isMysql(queryRunner)) {
    const edited = columns
      .map((c) => `NOT (CAST(OLD.\`${c}\` AS BINARY) <=> CAST(NEW.\`${c}\` AS BINARY))`)
      .join(' OR ');
    await queryRunner.query(
      'CREATE TRIGGER `orders_search_au` AFTER UPDATE ON `orders` FOR EACH ROW ' +
        "INSERT INTO search_gram_changes (list, rowId) SELECT 'orders', NEW.id FROM DUAL " +
        `WHERE ${edited} OR OLD.id <> NEW.id`,
    );
    return;
  }
  const index = 'orders_search';
  const names = columns.map((c) => `"${c}"`).join(', ');
  const of = (row: 'new' | 'old') => columns.map((c) => `${row}."${c}"`).join(', ');
  await queryRunner.query(
    `CREATE VIRTUAL TABLE "${index}" USING fts5(${names}, ` +
      `content='orders', content_rowid='id', tokenize='trigram')`,
  );
  await queryRunner.query(`INSERT INTO "${index}"("${index}") VALUES ('rebuild')`);
  await queryRunner.query(
    `CREATE TRIGGER "${index}_ai" AFTER INSERT ON "orders" BEGIN ` +
      `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
  );
  await queryRunner.query(
    `CREATE TRIGGER "${index}_ad" AFTER DELETE ON "orders" BEGIN ` +
      `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
      `VALUES ('delete', old."id", ${of('old')}); END`,
  );
  await queryRunner.query(
    `CREATE TRIGGER "${index}_au" AFTER UPDATE OF "id", ${names} ON "orders" BEGIN ` +
      `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
      `VALUES ('delete', old."id", ${of('old')}); ` +
      `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
  );
}
