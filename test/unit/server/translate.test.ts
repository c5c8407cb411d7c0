import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import type { FormatDiagnostic, Severity } from '../../../formats/diagnostics';
import { countProblems, describeByteRange, effectiveSeverity, toLspDiagnostic, toLspDiagnostics } from '../../../server/src/translate';

const toUri = (path: string): string => `file://${path}`;

const truncated: FormatDiagnostic = {
  code: 'anim/truncated',
  severity: 'error',
  message: 'Clip is 1000 bytes but its header needs 1444.',
  byteRange: { start: 1000, end: 1444 },
};

const manifestProblem: FormatDiagnostic = {
  code: 'manifest/legacy-extension',
  severity: 'warning',
  message: 'walk.ewzanim uses the Emberware extension.',
  range: { start: { line: 4, character: 7 }, end: { line: 4, character: 21 } },
  data: { newPath: 'walk.nczxanim' },
  related: [{ path: '/ws/walk.ewzanim', message: 'the clip', byteRange: { start: 0, end: 4 } }],
};

test('severities map to LSP and overrides replace or drop them', () => {
  const table: { severity: Severity; override?: Severity | 'off'; expected: DiagnosticSeverity | undefined }[] = [
    { severity: 'error', expected: DiagnosticSeverity.Error },
    { severity: 'warning', expected: DiagnosticSeverity.Warning },
    { severity: 'information', expected: DiagnosticSeverity.Information },
    { severity: 'hint', expected: DiagnosticSeverity.Hint },
    { severity: 'warning', override: 'error', expected: DiagnosticSeverity.Error },
    { severity: 'error', override: 'hint', expected: DiagnosticSeverity.Hint },
    { severity: 'error', override: 'off', expected: undefined },
  ];
  for (const row of table) {
    const overrides: Record<string, Severity | 'off'> = row.override ? { 'x/code': row.override } : {};
    const lsp = toLspDiagnostic({ code: 'x/code', severity: row.severity, message: 'm' }, overrides, toUri);
    assert.equal(lsp?.severity, row.expected, JSON.stringify(row));
    // An override for another code changes nothing.
    assert.equal(effectiveSeverity({ code: 'y/other', severity: row.severity }, overrides), row.severity);
  }
});

test('a binary-file diagnostic sits at the file start and names its bytes in message and data', () => {
  const lsp = toLspDiagnostic(truncated, {}, toUri);
  assert.deepEqual(lsp, {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Error,
    code: 'anim/truncated',
    source: 'ewzanim',
    message: 'Clip is 1000 bytes but its header needs 1444. (bytes 0x3E8-0x5A3)',
    data: { byteRange: { start: 1000, end: 1444 } },
  });
});

test('a manifest diagnostic keeps its text range, its quick-fix data and related locations', () => {
  const lsp = toLspDiagnostic(manifestProblem, {}, toUri);
  assert.deepEqual(lsp, {
    range: { start: { line: 4, character: 7 }, end: { line: 4, character: 21 } },
    severity: DiagnosticSeverity.Warning,
    code: 'manifest/legacy-extension',
    source: 'ewzanim',
    message: 'walk.ewzanim uses the Emberware extension.',
    data: { newPath: 'walk.nczxanim' },
    relatedInformation: [
      {
        location: { uri: 'file:///ws/walk.ewzanim', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
        message: 'the clip (bytes 0x0-0x3)',
      },
    ],
  });
});

test('byte ranges read as a hex editor shows them', () => {
  const table: [number, number, string][] = [
    [0, 1, 'byte 0x0'],
    [4, 4, 'byte 0x4'],
    [4, 20, 'bytes 0x4-0x13'],
    [267382800, 267382804, 'bytes 0xFEFF010-0xFEFF013'],
  ];
  for (const [start, end, text] of table) assert.equal(describeByteRange({ start, end }), text);
});

test('lists drop codes turned off and counts come out per severity', () => {
  const list: FormatDiagnostic[] = [
    truncated,
    manifestProblem,
    { code: 'anim/more-problems', severity: 'information', message: 'and 10 more' },
    { code: 'anim/zero-scale', severity: 'warning', message: 'zero scale', byteRange: { start: 30, end: 32 } },
  ];
  const lsp = toLspDiagnostics(list, { 'anim/zero-scale': 'off' }, toUri);
  assert.deepEqual(
    lsp.map((d) => d.code),
    ['anim/truncated', 'manifest/legacy-extension', 'anim/more-problems'],
  );
  assert.deepEqual(countProblems(lsp), { errors: 1, warnings: 1, others: 1 });
});
