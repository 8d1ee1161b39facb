// antd as the front ends' jest suites see it (`moduleNameMapper` in jest.web.cjs): the same
// exports, each loaded when a test first reads it. antd's CommonJS entry requires every one of its
// components up front (about 1,500 files), and jest loads a module afresh for each test file, so
// a file that renders a button and a form loaded the table, the date picker and the rest as well.
// The bundles import antd's ES modules and keep only what they use: nothing they ship changes.
// The names and files are read from antd's own entry, so a new antd needs no edit here.
const fs = require('node:fs');
const path = require('node:path');

const entry = require.resolve('antd/lib/index.js');
const source = fs.readFileSync(entry, 'utf8');

/** The entry's `var _button = _interopRequireDefault(require("./button"));` lines: name → file. */
const files = new Map(
  [...source.matchAll(/^var (_\w+) = _interopRequire\w+\(require\("(\.[^"]+)"\)\);$/gm)].map(
    ([, name, file]) => [name, path.join(path.dirname(entry), file)],
  ),
);
/** Its `Object.defineProperty(exports, "Button", { … return _button.default; … })` exports. */
const exported = [
  ...source.matchAll(
    /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.(\w+);/g,
  ),
];
if (files.size === 0 || exported.length === 0)
  throw new Error(`scripts/jest.antd.cjs: ${entry} no longer reads as expected`);

Object.defineProperty(exports, '__esModule', { value: true });
for (const [, name, variable, property] of exported) {
  const file = files.get(variable);
  if (!file) throw new Error(`scripts/jest.antd.cjs: antd's ${name} comes from no known file`);
  Object.defineProperty(exports, name, {
    enumerable: true,
    get() {
      const module = require(file);
      // As the entry's `_interopRequireDefault`: a module that is not an ES module is its default.
      return property === 'default' && !module.__esModule ? module : module[property];
    },
  });
}
