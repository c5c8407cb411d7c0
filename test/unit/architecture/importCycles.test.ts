/**
 * The code is layered: in `formats/`, `check.ts` dispatches and the manifest and binary checks sit
 * below it; around it, adapters (CLI, server, client, webviews) import the core and their own
 * helpers, and no module reaches back up. This walks the relative imports (and `export ... from`)
 * of every `.ts` file in the repository (outside `node_modules/`, `dist/` and dot folders) and
 * fails naming the first cycle it finds.
 */
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { test } from 'node:test';
import { ROOT, findCycle, importGraph, relativeSpecifiers } from './importGraph';

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

test('the walk covers every folder of the repository', () => {
  const folders = new Set([...importGraph().keys()].map((file) => relative(ROOT, file).split(/[\\/]/)[0]));
  for (const folder of ['formats', 'protocol', 'cli', 'server', 'client', 'webview', 'node', 'scripts', 'bench', 'test']) {
    assert.ok(folders.has(folder), `no module found under ${folder}/`);
  }
});

test('the repository has no import cycles', () => {
  const graph = importGraph();
  assert.ok(graph.size > 300, `found only ${graph.size} modules`);
  const cycle = findCycle(graph);
  assert.equal(cycle, undefined, `import cycle: ${cycle?.map((p) => relative(ROOT, p)).join(' -> ')}`);
});
