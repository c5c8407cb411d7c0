/**
 * `ewzanim check --format sarif|github`: the SARIF log is valid against the official SARIF 2.1.0
 * JSON schema (ajv, draft-04, with formats) and says exactly where each problem is; the GitHub
 * annotation lines carry the documented positions and are escaped as the runner unescapes them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { checkCommand } from '../../../cli/checkCommand';
import { nodeFileAccess } from '../../../node/fileAccess';
import { escapeData, escapeProperty } from '../../../cli/report/github';
import { ALL_RULES } from '../../../cli/report/rules';
import { sarifSchemaErrors } from '../helpers/sarifSchema';
import { IDENTITY_RECORD, tempTree, uniformClip } from './cliHarness';

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

async function check(paths: string[], format: 'sarif' | 'github', cwd: string, maxProblems = 100): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io = { access: nodeFileAccess, out: (t: string) => void (stdout += t), err: (t: string) => void (stderr += t) };
  const status = await checkCommand(io, paths, format, maxProblems, cwd);
  return { status, stdout, stderr };
}

/** Three bones declared, 3 frames: needs 148 bytes; 40 bytes leave frame 0 incomplete (bytes 4-39). */
const TRUNCATED_CLIP = uniformClip(3, 3, IDENTITY_RECORD).subarray(0, 40);

/** Two records with an infinite position x each: two errors, or one plus a summary. */
function infiniteClip(): Uint8Array {
  const bytes = uniformClip(1, 2, IDENTITY_RECORD);
  for (let r = 0; r < 2; r++) bytes[4 + r * 16 + 5] = 0x7c;
  return bytes;
}

const MANIFEST = `[game]
id = "demo"
title = "Demo, with: punctuation"
author = "Someone"
version = "0.1.0"

[[assets.animations]]
id = "walk"
path = "assets/walk clip.nczxanim"
skeleton = "nobody"
`;

function pack(): ReturnType<typeof tempTree> {
  return tempTree({ 'nether.toml': MANIFEST, 'assets/walk clip.nczxanim': TRUNCATED_CLIP, 'loose/inf.nczxanim': infiniteClip() });
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: Record<string, number> } }[];
}
interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; rules: { id: string; help: { text: string }; defaultConfiguration: { level: string } }[] } };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string } }[] }[];
    originalUriBaseIds: Record<string, { uri: string }>;
    results: SarifResult[];
  }[];
}

test('SARIF: valid against the SARIF 2.1.0 schema, one rule per code with help, exact regions', async () => {
  const tree = pack();
  try {
    const run = await check([tree.root], 'sarif', tree.root, 1);
    assert.equal(run.status, 1, run.stderr);
    const log = JSON.parse(run.stdout) as SarifLog;
    assert.equal(sarifSchemaErrors(log), '');
    assert.equal(log.version, '2.1.0');
    const [sarifRun] = log.runs;
    const { driver } = sarifRun.tool;
    assert.equal(driver.name, 'ewzanim');
    // Every code of the core's tables, each once, with its default level and help text.
    assert.deepEqual(driver.rules.map((r) => r.id), ALL_RULES.map((r) => r.code));
    assert.equal(new Set(driver.rules.map((r) => r.id)).size, driver.rules.length);
    const truncatedRule = driver.rules.find((r) => r.id === 'anim/truncated');
    assert.equal(truncatedRule?.defaultConfiguration.level, 'error');
    assert.match(truncatedRule?.help.text ?? '', /^Shorter than 4 \+ frames x bones x 16\./);
    assert.equal(driver.rules.find((r) => r.id === 'manifest/unlinked-animation')?.defaultConfiguration.level, 'note');
    for (const result of sarifRun.results) assert.equal(driver.rules[result.ruleIndex]?.id, result.ruleId);

    assert.deepEqual(sarifRun.originalUriBaseIds['%SRCROOT%'], { uri: `file://${tree.root}/` });
    const summary = sarifRun.results.map((r) => [r.ruleId, r.level, r.locations[0].physicalLocation.artifactLocation.uri, r.locations[0].physicalLocation.region]);
    assert.deepEqual(summary, [
      // A binary file: line 1 for line-based viewers, and the exact bytes.
      ['anim/truncated', 'error', 'assets/walk%20clip.nczxanim', { startLine: 1, byteOffset: 4, byteLength: 36 }],
      ['anim/non-finite', 'error', 'loose/inf.nczxanim', { startLine: 1, byteOffset: 8, byteLength: 2 }],
      ['anim/more-problems', 'note', 'loose/inf.nczxanim', { startLine: 1, byteOffset: 4, byteLength: 32 }],
      // The manifest: 1-based line and columns (end exclusive), from the core's 0-based range.
      ['manifest/asset-invalid', 'error', 'nether.toml', { startLine: 9, startColumn: 8, endLine: 9, endColumn: 35 }],
      ['manifest/unknown-link', 'error', 'nether.toml', { startLine: 10, startColumn: 12, endLine: 10, endColumn: 20 }],
    ]);
    for (const r of sarifRun.results) assert.equal(r.locations[0].physicalLocation.artifactLocation.uriBaseId, '%SRCROOT%');
    const truncated = sarifRun.results.find((r) => r.ruleId === 'anim/truncated');
    assert.match(truncated?.message.text ?? '', /\(bytes 0x4-0x27\)$/, 'the message names the bytes');
    assert.deepEqual(sarifRun.invocations, [{ executionSuccessful: true, toolExecutionNotifications: [] }]);
  } finally {
    tree.dispose();
  }
});

test('SARIF: paths that cannot be checked are failed-execution notifications; files outside the working directory get file: URIs', async () => {
  const tree = pack();
  const elsewhere = tempTree({ 'x.nczxanim': infiniteClip() });
  try {
    const run = await check([join(tree.root, 'missing.nczxanim'), join(elsewhere.root, 'x.nczxanim')], 'sarif', tree.root);
    assert.equal(run.status, 2);
    const log = JSON.parse(run.stdout) as SarifLog;
    assert.equal(sarifSchemaErrors(log), '');
    const [sarifRun] = log.runs;
    assert.equal(sarifRun.invocations[0].executionSuccessful, false);
    assert.deepEqual(sarifRun.invocations[0].toolExecutionNotifications.map((n) => [n.level, n.message.text]), [
      ['error', `${join(tree.root, 'missing.nczxanim')}: no such file or folder`],
    ]);
    assert.deepEqual(
      [...new Set(sarifRun.results.map((r) => JSON.stringify(r.locations[0].physicalLocation.artifactLocation)))],
      [JSON.stringify({ uri: `file://${elsewhere.root}/x.nczxanim` })],
    );
  } finally {
    tree.dispose();
    elsewhere.dispose();
  }
});

test('SARIF with no problems at all is still a valid log with every rule', async () => {
  const tree = tempTree({ 'ok.nczxanim': uniformClip(1, 1, IDENTITY_RECORD) });
  try {
    const run = await check([tree.root], 'sarif', tree.root);
    assert.equal(run.status, 0);
    const log = JSON.parse(run.stdout) as SarifLog;
    assert.equal(sarifSchemaErrors(log), '');
    assert.deepEqual(log.runs[0].results, []);
    assert.equal(log.runs[0].tool.driver.rules.length, ALL_RULES.length);
  } finally {
    tree.dispose();
  }
});

test('the schema validator is real: it rejects what SARIF 2.1.0 forbids', () => {
  const log = (result: object, run: object = {}): object => ({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [result], ...run }] });
  const at = (region: object): object => ({ message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a.nczxanim' }, region } }] });
  assert.equal(sarifSchemaErrors(log(at({ startLine: 1, byteOffset: 4, byteLength: 2 }))), '');
  const broken: [string, object][] = [
    ['version 2.0.0', { ...log(at({ startLine: 1 })), version: '2.0.0' }],
    ['a run without tool', { version: '2.1.0', runs: [{ results: [] }] }],
    ['an unknown level', log({ ...at({ startLine: 1 }), level: 'fatal' })],
    ['line 0', log(at({ startLine: 0 }))],
    ['a byte offset below -1', log(at({ byteOffset: -2 }))],
    ['a fractional byte length', log(at({ byteOffset: 0, byteLength: 1.5 }))],
    ['a location without artifact or address', log({ message: { text: 'm' }, locations: [{ physicalLocation: { region: { startLine: 1 } } }] })],
    ['an unknown property', log(at({ startLine: 1, line: 3 }))],
  ];
  for (const [what, sarif] of broken) assert.notEqual(sarifSchemaErrors(sarif), '', what);
});

test('GitHub annotations: level, file relative to the working directory, line/col, code as title, escaped message', async () => {
  const tree = pack();
  try {
    const run = await check([tree.root], 'github', tree.root, 1);
    assert.equal(run.status, 1);
    const lines = run.stdout.trimEnd().split('\n');
    const heads = lines.map((l) => l.slice(0, l.indexOf('::', 2)));
    assert.deepEqual(heads, [
      '::error file=assets/walk clip.nczxanim,line=1,title=anim/truncated',
      '::error file=loose/inf.nczxanim,line=1,title=anim/non-finite',
      '::notice file=loose/inf.nczxanim,line=1,title=anim/more-problems',
      '::error file=nether.toml,line=9,col=8,endColumn=34,title=manifest/asset-invalid',
      '::error file=nether.toml,line=10,col=12,endColumn=19,title=manifest/unknown-link',
    ]);
    assert.match(lines[0], /::Clip is 40 bytes .*\(bytes 0x4-0x27\)$/);
    for (const line of lines) assert.doesNotMatch(line.slice(line.indexOf('::', 2) + 2), /[\r\n]/);
    assert.equal(run.stderr, '3 files checked: 4 errors, 0 warnings\n');
  } finally {
    tree.dispose();
  }
});

test('GitHub annotations: missing paths are error annotations too, exit 2', async () => {
  const tree = pack();
  try {
    const run = await check(['gone.nczxanim'], 'github', tree.root);
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '::error file=gone.nczxanim,title=ewzanim::gone.nczxanim: no such file or folder\n');
  } finally {
    tree.dispose();
  }
});

const ESCAPES: [string, string, string][] = [
  ['plain', 'plain', 'plain'],
  ['100% sure', '100%25 sure', '100%25 sure'],
  ['two\nlines\r\n', 'two%0Alines%0D%0A', 'two%0Alines%0D%0A'],
  ['a:b,c', 'a:b,c', 'a%3Ab%2Cc'],
  ['%0A literal', '%250A literal', '%250A literal'],
];

for (const [text, data, property] of ESCAPES) {
  test(`GitHub escaping of ${JSON.stringify(text)}`, () => {
    assert.equal(escapeData(text), data);
    assert.equal(escapeProperty(text), property);
  });
}
