/**
 * The repository's import graph for the architecture tests: every `.ts` file outside
 * `node_modules/`, `dist/`, `out/` and dot folders, with the relative imports (and
 * `export ... from`) each one makes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve('.');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'out']);

export function tsFilesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(name) || name.startsWith('.') ? [] : tsFilesUnder(path);
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

/** Each module's relative imports, as absolute paths of the repository's modules. */
export function importGraph(): Map<string, string[]> {
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
