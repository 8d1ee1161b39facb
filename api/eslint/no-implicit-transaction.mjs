/**
 * TypeORM opens a transaction of its own in `transaction()` and, unless told
 * `{ transaction: false }`, around `save`, `remove`, `softRemove` and `recover`. The API's
 * transactions run through `Transactions.run` (api/src/database/transaction.ts), which on SQLite
 * holds the one mutex that keeps each transaction alone on the shared connection: a transaction
 * opened beside it would not be. This rule finds those calls by the method's declaration (in the
 * typeorm package), so a service method named `save` or `remove` is not mistaken for one.
 */
const IMPLICIT = new Set(['save', 'remove', 'softRemove', 'recover']);

const saysNoTransaction = (argument) =>
  argument?.type === 'ObjectExpression' &&
  argument.properties.some(
    (property) =>
      property.type === 'Property' &&
      !property.computed &&
      (property.key.name ?? property.key.value) === 'transaction' &&
      property.value.type === 'Literal' &&
      property.value.value === false,
  );

export const noImplicitTransaction = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid TypeORM's own transactions outside Transactions.run" },
    messages: {
      transaction:
        'Open transactions with Transactions.run (database/transaction.ts), not TypeORM’s transaction().',
      implicit:
        "TypeORM's {{name}}() opens a transaction of its own: call it inside Transactions.run with { transaction: false }.",
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    const fromTypeorm = (property) => {
      const symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(property));
      return (symbol?.declarations ?? []).some((declaration) =>
        /[\\/]node_modules[\\/]typeorm[\\/]/.test(declaration.getSourceFile().fileName),
      );
    };
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const name = callee.property.name;
        if (name === 'transaction') {
          if (fromTypeorm(callee.property)) context.report({ node, messageId: 'transaction' });
        } else if (IMPLICIT.has(name)) {
          if (node.arguments.some(saysNoTransaction) || !fromTypeorm(callee.property)) return;
          context.report({ node, messageId: 'implicit', data: { name } });
        }
      },
    };
  },
};
