/**
 * `formats/` is layered: `check.ts` dispatches, manifest and binary checks sit below it, and no
 * module reaches back up. This walks the relative imports (and `export ... from`) of every
 * `.ts` file under `formats/` and fails naming the first cycle it finds.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve('formats');

function tsFilesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return tsFilesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative specifiers of `import ... from`, `export ... from`, bare `import '...'` and `import('...')`. */
export function relativeSpecifiers(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern = /(?:^|[;\s])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|(?:^|[;\s])import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  return [...withoutComments.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]).filter((s): s is string => s !== undefined);
}

function resolveModule(fromFile: string, specifier: string, known: Set<string>): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
}

/** Each module's relative imports, as absolute paths of modules under `formats/`. */
function importGraph(): Map<string, string[]> {
  const files = tsFilesUnder(ROOT);
  const known = new Set(files);
  return new Map(files.map((file) => [file, relativeSpecifiers(readFileSync(file, 'utf8')).map((s) => resolveModule(file, s, known)).filter((p): p is string => p !== undefined)]));
}

/** One cycle as a list of modules (first repeated at the end), or undefined. Depth-first, three colours. */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return undefined;
}

test('the import finder sees imports, re-exports, side-effect and dynamic imports, not comments', () => {
  const source = [
    "import { a } from './a';",
    "import type { B } from '../b';",
    "export * from './c';",
    "export { d } from './d/index';",
    "import './e';",
    "const f = await import('./f');",
    "// import { g } from './g';",
    "/* export * from './h'; */",
    "import { join } from 'node:path';",
  ].join('\n');
  assert.deepEqual(relativeSpecifiers(source).sort(), ['../b', './a', './c', './d/index', './e', './f']);
});

test('the cycle finder names a cycle and accepts a layered graph', () => {
  const layered = new Map([['check', ['manifest', 'clip']], ['manifest', ['clip']], ['clip', []]]);
  assert.equal(findCycle(layered), undefined);
  const cyclic = new Map([['check', ['manifest']], ['manifest', ['rules']], ['rules', ['check']]]);
  assert.deepEqual(findCycle(cyclic), ['check', 'manifest', 'rules', 'check']);
});

test('formats/ has no import cycles', () => {
  const graph = importGraph();
  assert.ok(graph.size > 50, `found only ${graph.size} modules under formats/`);
  const cycle = findCycle(graph);
  assert.equal(cycle, undefined, `import cycle in formats/: ${cycle?.map((p) => relative(ROOT, p)).join(' -> ')}`);
});
