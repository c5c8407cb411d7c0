/**
 * `ewzanim COMMAND --help`: every command (and every export kind) prints its own usage on stdout
 * with exit status 0: the usage lines of that command only, naming every option it accepts. A
 * usage error points at the misused command's --help.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMAND_OPTIONS } from '../../../cli/args';
import { DIFF_OPTIONS } from '../../../cli/diffCommand';
import { EXPORT_OPTIONS } from '../../../cli/exportArgs';
import { TEXTCONV_OPTIONS } from '../../../cli/textconvCommand';
import { HELP_TEXT } from '../../../cli/usage';
import { runCli } from './cliHarness';

interface HelpCase {
  argv: string[];
  /** The `ewzanim ...` usage lines it prints, in order (the words up to the first option or operand). */
  usages: string[];
  /** The options the command takes (from the parser's own table). */
  options: readonly string[];
}

const EXPORT_ALL_OPTIONS = [...new Set(Object.values(EXPORT_OPTIONS).flat())];

const CASES: HelpCase[] = [
  { argv: ['check', '--help'], usages: ['ewzanim check'], options: COMMAND_OPTIONS.check },
  { argv: ['dump', '--help'], usages: ['ewzanim dump', 'ewzanim dump'], options: COMMAND_OPTIONS.dump },
  { argv: ['info', '--help'], usages: ['ewzanim info'], options: COMMAND_OPTIONS.info },
  { argv: ['listing', '--help'], usages: ['ewzanim listing'], options: COMMAND_OPTIONS.listing },
  { argv: ['diff', '--help'], usages: ['ewzanim diff'], options: DIFF_OPTIONS },
  { argv: ['textconv', '--help'], usages: ['ewzanim textconv'], options: TEXTCONV_OPTIONS },
  { argv: ['lsp', '--help'], usages: ['ewzanim lsp'], options: COMMAND_OPTIONS.lsp },
  {
    argv: ['export', '--help'],
    usages: ['ewzanim export animation', 'ewzanim export animation', 'ewzanim export skeleton', 'ewzanim export mesh', 'ewzanim export gltf'],
    options: EXPORT_ALL_OPTIONS,
  },
  { argv: ['export', 'animation', '--help'], usages: ['ewzanim export animation', 'ewzanim export animation'], options: EXPORT_OPTIONS.animation },
  { argv: ['export', 'skeleton', '--help'], usages: ['ewzanim export skeleton'], options: EXPORT_OPTIONS.skeleton },
  { argv: ['export', 'mesh', '--help'], usages: ['ewzanim export mesh'], options: EXPORT_OPTIONS.mesh },
  { argv: ['export', 'gltf', '--help'], usages: ['ewzanim export gltf'], options: EXPORT_OPTIONS.gltf },
  // The same topics asked differently.
  { argv: ['check', '-h'], usages: ['ewzanim check'], options: COMMAND_OPTIONS.check },
  { argv: ['help', 'listing'], usages: ['ewzanim listing'], options: COMMAND_OPTIONS.listing },
  { argv: ['help', 'diff'], usages: ['ewzanim diff'], options: DIFF_OPTIONS },
  { argv: ['diff', 'a', '--help', '--max-angle', 'x'], usages: ['ewzanim diff'], options: DIFF_OPTIONS },
  { argv: ['help', 'export', 'gltf'], usages: ['ewzanim export gltf'], options: EXPORT_OPTIONS.gltf },
  // --help wins over the rest of the line, even a line that would be a usage error.
  { argv: ['info', 'a', 'b', '--help'], usages: ['ewzanim info'], options: COMMAND_OPTIONS.info },
  { argv: ['export', 'mesh', '--help', '--frame-rate', 'x'], usages: ['ewzanim export mesh'], options: EXPORT_OPTIONS.mesh },
];

/** The command words of each usage line: `  ewzanim export gltf CLIP ...` -> `ewzanim export gltf`. */
function usageLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^ {2}ewzanim /.test(line))
    .map((line) => line.trim().split(' ').filter((_, i, words) => words.slice(0, i + 1).every((w) => /^[a-z]+$/.test(w))).join(' '));
}

for (const { argv, usages, options } of CASES) {
  test(`ewzanim ${argv.join(' ')} prints the usage of ${usages[0]} only, with each of its options`, async () => {
    const run = await runCli(argv);
    assert.equal(run.status, 0);
    assert.equal(run.stderr, '');
    assert.ok(run.stdout.startsWith('Usage:\n'), run.stdout.slice(0, 80));
    assert.deepEqual(usageLines(run.stdout), usages);
    for (const option of options) assert.match(run.stdout, new RegExp(`--${option}\\b`), `--${option} is described`);
  });
}

test('ewzanim --help prints every usage line, each command\'s --help a part of it', async () => {
  const run = await runCli(['--help']);
  assert.equal(run.status, 0);
  assert.equal(run.stdout, HELP_TEXT);
  assert.deepEqual(usageLines(run.stdout), [
    'ewzanim check',
    'ewzanim dump',
    'ewzanim dump',
    'ewzanim info',
    'ewzanim listing',
    'ewzanim diff',
    'ewzanim textconv',
    'ewzanim lsp',
    'ewzanim export animation',
    'ewzanim export animation',
    'ewzanim export skeleton',
    'ewzanim export mesh',
    'ewzanim export gltf',
    'ewzanim',
    'ewzanim',
    'ewzanim',
  ]);
  for (const argv of [['check', '--help'], ['export', 'gltf', '--help'], ['lsp', '--help']]) {
    const usage = (await runCli(argv)).stdout.replace(/^Usage:\n/, '').split('\n\n')[0];
    assert.ok(HELP_TEXT.includes(usage), `${argv.join(' ')}'s usage is in --help`);
  }
});

const POINTERS: [string[], string][] = [
  [['check', '--nope', 'x'], 'ewzanim check --help'],
  [['info'], 'ewzanim info --help'],
  [['diff', 'a.nczxanim'], 'ewzanim diff --help'],
  [['textconv', '--max-angle', '1', 'a.nczxanim'], 'ewzanim textconv --help'],
  [['export', 'gltf', 'a.nczxanim', '-o', 'x.glb'], 'ewzanim export gltf --help'],
  [['export', 'texture'], 'ewzanim export --help'],
  [['convert', 'x'], 'ewzanim --help'],
];

for (const [argv, pointer] of POINTERS) {
  test(`usage error of "${argv.join(' ')}" points at ${pointer}`, async () => {
    const run = await runCli(argv);
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, new RegExp(`^ewzanim: .*\\nRun "${pointer}" for usage\\.\\n$`));
  });
}
