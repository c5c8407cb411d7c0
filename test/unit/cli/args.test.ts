import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError, parseCommand, parseRange, type IndexRange } from '../../../cli/args';

const RANGES: [string, IndexRange][] = [
  ['0:10', { start: 0, end: 10 }],
  ['5:', { start: 5, end: undefined }],
  [':7', { start: 0, end: 7 }],
  [':', { start: 0, end: undefined }],
  ['4', { start: 4, end: 5 }],
  ['3:3', { start: 3, end: 3 }],
];

for (const [text, range] of RANGES) {
  test(`parseRange("${text}")`, () => assert.deepEqual(parseRange(text, '--frames'), range));
}

for (const text of ['', 'a', '1:b', '-1:2', '3:1', '1.5:2', '1:2:3']) {
  test(`parseRange("${text}") is a usage error`, () => assert.throws(() => parseRange(text, '--frames'), UsageError));
}

test('commands parse to typed values with the documented defaults', () => {
  assert.deepEqual(parseCommand(['check', 'a', 'b']), { name: 'check', paths: ['a', 'b'], format: 'text', maxProblems: 100 });
  assert.deepEqual(parseCommand(['check', '--json', '--max-problems', '7', 'a']), { name: 'check', paths: ['a'], format: 'json', maxProblems: 7 });
  assert.deepEqual(parseCommand(['check', '--pop-degrees', '90', '--jump-ratio', '8', 'a']), { name: 'check', paths: ['a'], format: 'text', maxProblems: 100, motion: { popMinDegrees: 90, jumpRatio: 8 } });
  for (const format of ['text', 'json', 'sarif', 'github'] as const) {
    assert.deepEqual(parseCommand(['check', '--format', format, 'a']), { name: 'check', paths: ['a'], format, maxProblems: 100 });
  }
  assert.deepEqual(parseCommand(['check', '--json', '--format', 'json', 'a']), { name: 'check', paths: ['a'], format: 'json', maxProblems: 100 });
  assert.deepEqual(parseCommand(['--version']), { name: 'version' });
  assert.deepEqual(parseCommand(['info', 'x.nczxanim']), { name: 'info', path: 'x.nczxanim', fps: 30, maxProblems: 100 });
  assert.deepEqual(parseCommand(['info', '--fps', '60', 'x.nczxanim']), { name: 'info', path: 'x.nczxanim', fps: 60, maxProblems: 100 });
  assert.deepEqual(parseCommand(['dump', 'x.nczxanim', '--frames', '0:1', '--bones', '2']), {
    name: 'dump',
    path: 'x.nczxanim',
    json: false,
    frames: { start: 0, end: 1 },
    bones: { start: 2, end: 3 },
    vertices: undefined,
  });
  assert.deepEqual(parseCommand(['listing', 'x.nczxanim']), { name: 'listing', path: 'x.nczxanim', fps: 30, from: 0, all: false });
  assert.deepEqual(parseCommand(['listing', '--from', '40', '--fps', '24', '--all', 'x.nczxanim']), { name: 'listing', path: 'x.nczxanim', fps: 24, from: 40, all: true });
  assert.deepEqual(parseCommand(['lsp', '--stdio']), { name: 'lsp' });
  assert.deepEqual(parseCommand(['lsp']), { name: 'lsp' });
  for (const help of [[], ['--help'], ['-h'], ['help']]) assert.deepEqual(parseCommand(help), { name: 'help' });
  assert.deepEqual(parseCommand(['check', '--help']), { name: 'help', command: 'check' });
  assert.deepEqual(parseCommand(['help', 'export', 'mesh']), { name: 'help', command: 'export', kind: 'mesh' });
});

const USAGE_ERRORS: [string[], RegExp][] = [
  [['check'], /check needs at least one PATH/],
  [['info', '--fps', '0', 'x'], /--fps must be a positive number/],
  [['info', '--fps', 'fast', 'x'], /--fps must be a positive number/],
  [['info', '--json', 'x'], /info does not take --json/],
  [['check', '--fps', '3', 'x'], /check does not take --fps/],
  [['dump'], /dump takes exactly one FILE, got 0/],
  [['check', '--max-problems'], /option --max-problems needs a value/],
  [['check', '--nope'], /unknown option --nope/],
  [['check', '--pop-degrees', '200', 'x'], /--pop-degrees must be at most 180/],
  [['check', '--jump-ratio', '0.5', 'x'], /--jump-ratio must be at least 1/],
  [['convert', 'x'], /unknown command "convert"/],
  [['listing'], /listing takes exactly one FILE, got 0/],
  [['listing', '--from', 'x1', 'x'], /--from must be a non-negative integer/],
  [['listing', '--json', 'x'], /listing does not take --json/],
  [['lsp', 'x'], /lsp takes no operands/],
  [['check', '--stdio', 'x'], /check does not take --stdio/],
  [['check', '--format', 'xml', 'x'], /--format must be one of text, json, sarif, github, got "xml"/],
  [['check', '--json', '--format', 'sarif', 'x'], /--json and --format sarif contradict each other/],
  [['dump', '--format', 'sarif', 'x'], /dump does not take --format/],
];

for (const [argv, message] of USAGE_ERRORS) {
  test(`usage error: ${argv.join(' ')}`, () => assert.throws(() => parseCommand(argv), (e: unknown) => e instanceof UsageError && message.test(e.message)));
}
