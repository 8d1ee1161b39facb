// The API's import rules, checked by `npm run lint`: the file rules of .dependency-cruiser.cjs
// (dependency-cruiser's own check, printed as `depcruise` prints it), and one rule it cannot
// state, because its cycle check follows files: no two modules of api/src/modules may depend on
// each other, whichever files carry the imports (docs/architecture.md, "Layers and table owners").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'dependency-cruiser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULE = /^api\/src\/modules\/([^/]+)\//;
const SPEC = /\.spec\.ts$/;

const cruise = spawnSync('npx', ['--no-install', 'depcruise', 'api/src', '--output-type', 'json'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
if (!cruise.stdout) {
  process.stderr.write(cruise.stderr);
  process.exit(1);
}
const result = JSON.parse(cruise.stdout);
const { output, exitCode } = await format(result, { outputType: 'err' });
process.stdout.write(output);

const cycles = moduleCycles(result);
for (const cycle of cycles) {
  console.log(
    `error no-module-cycle: the modules ${cycle.join(', ')} depend on each other; ` +
      'one of them must reach the other through something below both (common/, a contract).',
  );
}
process.exit(exitCode || cycles.length ? 1 : 0);

/** The groups of modules that reach one another through their imports (specs left out). */
function moduleCycles({ modules }) {
  const moduleOf = (file) => MODULE.exec(file)?.[1];
  const edges = new Map();
  for (const { source, dependencies } of modules) {
    const from = moduleOf(source);
    if (!from || SPEC.test(source)) continue;
    for (const { resolved } of dependencies) {
      const to = moduleOf(resolved);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // Tarjan's strongly connected components: a component of more than one module is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const cycles = [];
  const visit = (name) => {
    index.set(name, index.size);
    low.set(name, index.get(name));
    stack.push(name);
    for (const next of edges.get(name) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(name, Math.min(low.get(name), low.get(next)));
      } else if (stack.includes(next)) {
        low.set(name, Math.min(low.get(name), index.get(next)));
      }
    }
    if (low.get(name) !== index.get(name)) return;
    const component = stack.splice(stack.indexOf(name));
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const name of edges.keys()) if (!index.has(name)) visit(name);
  return cycles;
}
