/**
 * `npm run bench`: runs every `bench/*.bench.ts` module (or only those named on the command
 * line, e.g. `npm run bench -- core`), prints one markdown table, and with `--write` replaces the
 * generated table of `bench/results.md` (between its markers; the hand-measured sections below
 * it are kept). Inputs live in a temp folder deleted at the end.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderTable, passes, type BenchModule, type BenchRow } from './harness';
import { replaceBenchTable } from './resultsFile';

// The folder of this script (argv[1]); tsx runs this file as CommonJS, hence no import.meta.
const benchDir = dirname(resolve(process.argv[1] ?? 'bench/run.ts'));
const args = process.argv.slice(2);
const write = args.includes('--write');
const only = args.filter((a) => !a.startsWith('--'));

async function main(): Promise<number> {
  const moduleFiles = (await readdir(benchDir))
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => only.length === 0 || only.includes(name.slice(0, -'.bench.ts'.length)))
    .sort();

  const rows: BenchRow[] = [];
  const tmpDir = await mkdtemp(join(tmpdir(), 'ewzanim-bench-'));
  let failedModules = 0;
  try {
    for (const file of moduleFiles) {
      const loaded = (await import(pathToFileURL(join(benchDir, file)).href)) as { default?: BenchModule };
      if (typeof loaded.default !== 'function') {
        console.error(`bench: ${file} has no default export function; skipped`);
        failedModules++;
        continue;
      }
      console.error(`bench: running ${file}`);
      try {
        await loaded.default({ tmpDir, add: (row) => rows.push(row) });
      } catch (error) {
        failedModules++;
        console.error(`bench: ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
  const table = renderTable(rows);
  const report = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}. ` +
    'Throughputs use the least CPU time of several runs (steady on a shared machine; wall-clock figures in the notes ' +
    'where they matter); every ratio is against a baseline from the same run.\n\n' +
    table + '\n';
  console.log(report);
  if (write) {
    const resultsPath = join(benchDir, 'results.md');
    const previous = await readFile(resultsPath, 'utf8').catch(() => '');
    await writeFile(resultsPath, replaceBenchTable(previous, report));
    console.error('bench: wrote the table of bench/results.md');
  }
  const failedRows = rows.filter((row) => passes(row) === false).length;
  return failedModules > 0 || failedRows > 0 ? 1 : 0;
}

// Exit explicitly: a module that leaves a child process or a handle open (a language server,
// esbuild's service) must not keep the bench running after its table is printed.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
