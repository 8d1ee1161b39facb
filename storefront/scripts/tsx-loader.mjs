// Node module hooks that let scripts import the storefront's TypeScript sources directly:
// `.js` specifiers resolve to the `.ts`/`.tsx` file beside them, sources are compiled by swc
// (the compiler the build already uses), style sheets import as nothing, and
// `@artist/contracts` points at the contracts' sources, as webpack's aliases do.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from '@swc/core';

const contracts = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../api/contracts/src/index.ts',
);

export async function resolve(specifier, context, next) {
  if (specifier === '@artist/contracts') {
    return { url: pathToFileURL(contracts).href, shortCircuit: true };
  }
  if (specifier.endsWith('.css'))
    return { url: 'data:text/javascript,export default {}', shortCircuit: true };
  if (context.parentURL?.startsWith('file:') && /^\.{1,2}\//.test(specifier)) {
    const base = fileURLToPath(new URL(specifier, context.parentURL));
    for (const candidate of [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')]) {
      if (existsSync(candidate) && /\.(ts|tsx)$/.test(candidate)) {
        return { url: pathToFileURL(candidate).href, shortCircuit: true };
      }
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!/\.(ts|tsx)$/.test(url)) return next(url, context);
  const file = fileURLToPath(url);
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    filename: file,
    jsc: {
      parser: { syntax: 'typescript', tsx: file.endsWith('.tsx') },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
