import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/**
 * A fan's `totalSpent` is what they paid and kept: each order's total less what was refunded of
 * it (`refundedAmount`). The triggers on `orders` that keep the figure (made by
 * 1767930000000-FansKeepTheirFigures, same names) are made again to read `refundedAmount` too,
 * so a refund lowers it in the refund's own statement; then every fan's figure is worked out
 * afresh (`countFanSpending`).
 */
const TRIGGERS = ['ai', 'au', 'ad'].map((when) => `fan_figures_orders_${when}`);

/** What one order adds to its fan's figures, then or now. */
interface Adds {
  spent: (row: string) => string;
  reads: string[];
}

const NET: Adds = {
  spent: (row) => `(${row}.total - ${row}.refundedAmount)`,
  reads: ['fanId', 'total', 'refundedAmount'],
};
const GROSS: Adds = { spent: (row) => `${row}.total`, reads: ['fanId', 'total'] };

export class FansSpendNetOfRefunds1768300000000 implements MigrationInterface {
  name = 'FansSpendNetOfRefunds1768300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await orderTriggers(queryRunner, NET);
    await countFanSpending(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await orderTriggers(queryRunner, GROSS);
    await queryRunner.query(
      'UPDATE fans SET totalSpent = ' +
        '(SELECT COALESCE(SUM(r.total), 0) FROM orders r WHERE r.fanId = fans.id)',
    );
  }
}

/** Every fan's `totalSpent` from their orders as stored: after this migration and a restore. */
export async function countFanSpending(queryRunner: Pick<QueryRunner, 'query'>): Promise<void> {
  await queryRunner.query(
    `UPDATE fans SET totalSpent = ` +
      `(SELECT COALESCE(SUM(${NET.spent('r')}), 0) FROM orders r WHERE r.fanId = fans.id)`,
  );
}

/** The three triggers on `orders` that keep `orderCount` and `totalSpent`, made again. */
async function orderTriggers(queryRunner: QueryRunner, { spent, reads }: Adds): Promise<void> {
  const mysql = isMysql(queryRunner);
  for (const name of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
  const [inserted, updated, deleted] = TRIGGERS;
  const adjust = (row: string, sign: '+' | '-') =>
    `UPDATE fans SET orderCount = orderCount ${sign} 1, ` +
    `totalSpent = totalSpent ${sign} ${spent(row)} WHERE id = ${row}.fanId`;
  const changed = reads
    .map((c) => (mysql ? `NOT (OLD.${c} <=> NEW.${c})` : `OLD.${c} IS NOT NEW.${c}`))
    .join(' OR ');
  if (mysql) {
    await queryRunner.query(
      `CREATE TRIGGER ${inserted} AFTER INSERT ON orders FOR EACH ROW ${adjust('NEW', '+')}`,
    );
    await queryRunner.query(
      `CREATE TRIGGER ${updated} AFTER UPDATE ON orders FOR EACH ROW ` +
        `BEGIN IF ${changed} THEN ${adjust('OLD', '-')}; ${adjust('NEW', '+')}; END IF; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER ${deleted} AFTER DELETE ON orders FOR EACH ROW ${adjust('OLD', '-')}`,
    );
  } else {
    await queryRunner.query(
      `CREATE TRIGGER ${inserted} AFTER INSERT ON orders BEGIN ${adjust('NEW', '+')}; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER ${updated} AFTER UPDATE OF ${reads.join(', ')} ON orders ` +
        `WHEN ${changed} BEGIN ${adjust('OLD', '-')}; ${adjust('NEW', '+')}; END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER ${deleted} AFTER DELETE ON orders BEGIN ${adjust('OLD', '-')}; END`,
    );
  }
}
