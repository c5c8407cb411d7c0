// Runs test files with Node's own test runner (TypeScript through tsx).
// Usage: node scripts/run-tests.mjs [suite...]   suites: unit, gpu, e2e (default: all)
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const suites = process.argv.slice(2).length ? process.argv.slice(2) : ['unit', 'gpu', 'e2e'];

function findTests(dir) {
  let found = [];
  let entries = [];
  try { entries = readdirSync(dir); } catch { return found; }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(findTests(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found.sort();
}

const files = suites.flatMap((s) => findTests(join('test', s)));
if (files.length === 0) {
  console.error(`no test files found for suites: ${suites.join(', ')}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
