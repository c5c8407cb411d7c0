// Runs test files with Node's own test runner (TypeScript through tsx).
// Usage: node scripts/run-tests.mjs [suite...]   suites: unit, gpu, e2e, web (default: all)
//
// The unit and gpu files run in one runner. Each end-to-end file (e2e, web) runs in its own runner and, if it
// fails, once more: they drive a real workbench on a loaded machine, where a lost key press or a
// slow reload can fail a step that is right. A file that fails twice fails the run; every retry is
// named in the summary at the end, so a flaky test stays visible.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const suites = process.argv.slice(2).length ? process.argv.slice(2) : ['unit', 'gpu', 'e2e', 'web'];
const E2E_ATTEMPTS = 2;
/** Suites whose files each drive a real workbench: the desktop one (code-server) and VS Code for the Web. */
const END_TO_END = ['e2e', 'web'];

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

/** Runs `files` in one test runner; true when all passed. */
function run(files) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...files],
    { stdio: 'inherit' },
  );
  return result.status === 0;
}

const inOneRunner = suites.filter((s) => !END_TO_END.includes(s)).flatMap((s) => findTests(join('test', s)));
const endToEnd = suites.filter((s) => END_TO_END.includes(s)).flatMap((s) => findTests(join('test', s)));
if (inOneRunner.length + endToEnd.length === 0) {
  console.error(`no test files found for suites: ${suites.join(', ')}`);
  process.exit(1);
}

const failed = [];
const retried = [];
if (inOneRunner.length && !run(inOneRunner)) failed.push(`${suites.filter((s) => !END_TO_END.includes(s)).join(' + ')} suites`);
for (const file of endToEnd) {
  let passed = false;
  for (let attempt = 1; attempt <= E2E_ATTEMPTS && !passed; attempt++) {
    if (attempt > 1) {
      retried.push(file);
      console.log(`\n# ${file} failed; running it once more (attempt ${attempt} of ${E2E_ATTEMPTS})\n`);
    }
    passed = run([file]);
  }
  if (!passed) failed.push(file);
}

console.log('\n# summary');
const passedOnRetry = retried.filter((f) => !failed.includes(f));
if (endToEnd.length) console.log(`# end-to-end files: ${endToEnd.length}; passed on a second attempt: ${passedOnRetry.length ? passedOnRetry.join(', ') : 'none'}`);
console.log(failed.length ? `# FAILED: ${failed.join(', ')}` : '# all passed');
process.exit(failed.length ? 1 : 0);
