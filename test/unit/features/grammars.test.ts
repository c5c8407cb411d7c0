/**
 * The TextMate grammars in syntaxes/, run by the same engine VS Code uses (vscode-textmate with
 * the Oniguruma WASM): every real upstream manifest tokenises with no invalid token, and the
 * scopes of keys, tables, values and listing columns are the ones themes colour.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { before, test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';
import { encodeKeyframe } from '../../../formats';
import { formatListing, planListing } from '../../../formats/listing/listingText';

let toml: IGrammar;
let listing: IGrammar;

before(async () => {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => {
      const file = { 'source.toml': 'syntaxes/toml.tmLanguage.json', 'source.ewzanim-listing': 'syntaxes/ewzanim-listing.tmLanguage.json' }[scope];
      return file ? parseRawGrammar(readFileSync(file, 'utf8'), file) : null;
    },
  });
  toml = (await registry.loadGrammar('source.toml'))!;
  listing = (await registry.loadGrammar('source.ewzanim-listing'))!;
});

/** [text, innermost scope] of every token of every line. */
function tokens(grammar: IGrammar, text: string): [string, string[]][][] {
  let stack = INITIAL;
  return text.split('\n').map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((t): [string, string[]] => [line.slice(t.startIndex, t.endIndex), t.scopes]);
  });
}

function scopeOf(lines: [string, string[]][][], line: number, text: string): string {
  const token = lines[line].find(([t]) => t === text);
  assert.ok(token, `token ${JSON.stringify(text)} on line ${line}: ${JSON.stringify(lines[line].map(([t]) => t))}`);
  return token[1][token[1].length - 1];
}

test('every real manifest tokenises without an invalid token', () => {
  const files = [
    'test/fixtures/upstream/animation-demo/nether.toml',
    'test/fixtures/upstream/multi-skinned-rom/nether.toml',
    ...readdirSync('test/fixtures/upstream-manifests').map((f) => `test/fixtures/upstream-manifests/${f}`),
  ];
  assert.ok(files.length > 20);
  for (const file of files) {
    const invalid = tokens(toml, readFileSync(file, 'utf8')).flatMap((line, n) => line.filter(([, s]) => s.some((x) => x.startsWith('invalid'))).map(([t]) => `${n + 1}: ${t}`));
    assert.deepEqual(invalid, [], file);
  }
  const garbage = tokens(toml, '??? = 1')[0];
  assert.ok(garbage.some(([t, s]) => t === '???' && s.includes('invalid.illegal.toml')), 'the check can fail');
});

test('TOML scopes: tables, keys, strings, numbers, booleans, dates, comments, arrays, inline tables (table)', () => {
  const text = [
    '[[assets.animations]] # walk',
    "id = 'walk'",
    'path = "assets/walk\\u00e9.nczxanim"',
    'tick_rate = 60',
    'scale = -1.5e3',
    'mask = 0xFF_FF',
    'enabled = true',
    'when = 1979-05-27T07:32:00Z',
    'tags = [',
    '  "a", # first',
    '  "b",',
    ']',
    'inline = { id = "x", n = 1 }',
    '"quoted key" = """',
    'multi',
    '"""',
    '[game]',
  ].join('\n');
  const lines = tokens(toml, text);
  const cases: [line: number, text: string, scope: string][] = [
    [0, '[[', 'punctuation.definition.array.table.toml'],
    [0, 'assets', 'support.type.property-name.table.toml'],
    [0, 'animations', 'support.type.property-name.table.toml'],
    [0, ' walk', 'comment.line.number-sign.toml'],
    [1, 'id', 'support.type.property-name.toml'],
    [1, "'walk'", 'string.quoted.single.literal.line.toml'],
    [2, '\\u00e9', 'constant.character.escape.toml'],
    [3, '60', 'constant.numeric.toml'],
    [4, '-1.5e3', 'constant.numeric.toml'],
    [5, '0xFF_FF', 'constant.numeric.hex.toml'],
    [6, 'true', 'constant.language.boolean.toml'],
    [7, '1979-05-27T07:32:00Z', 'constant.other.time.datetime.toml'],
    [9, ' first', 'comment.line.number-sign.toml'],
    [10, 'b', 'string.quoted.double.basic.line.toml'],
    [12, 'id', 'support.type.property-name.toml'],
    [12, '1', 'constant.numeric.toml'],
    [14, 'multi', 'string.quoted.triple.basic.block.toml'],
    [16, 'game', 'support.type.property-name.table.toml'],
  ];
  for (const [line, token, scope] of cases) assert.equal(scopeOf(lines, line, token), scope, `${line}: ${token}`);
  assert.ok(lines[13].some(([t, s]) => t.includes('quoted key') && s.some((x) => x.startsWith('support.type.property-name'))));
});

test('listing scopes: status, frame lines, keyframe columns and problem flags', () => {
  const clip = new Uint8Array(4 + 2 * 16);
  clip.set([2, 0, 1, 0]);
  encodeKeyframe({ rotation: [0, 0, 0, 1], position: [0, -1.5, 0], scale: [1, 1, 1] }, clip, 4);
  clip.set([0, 0, 0, 0, 0, 0x7c], 20); // bone 1: rotation word 0 (non-unit), position.x = +inf
  const source = { name: 'c.nczxanim', size: clip.length, first16: clip.subarray(0, 16), frameRate: 30 };
  const plan = planListing(source, 0);
  const text = formatListing(source, plan, clip.subarray(plan.recordsStart, plan.recordsEnd));
  const lines = tokens(listing, text);
  const cases: [line: number, text: string, scope: string][] = [
    [3, 'ok', 'markup.inserted.ewzanim-listing'],
    [5, 'frame', 'keyword.control.frame.ewzanim-listing'],
    [5, '0', 'entity.name.section.frame.ewzanim-listing'],
    [5, '0x00000004', 'constant.numeric.hex.offset.ewzanim-listing'],
    [6, 'bone', 'keyword.other.bone.ewzanim-listing'],
    [6, '0x80200803', 'constant.numeric.hex.word.ewzanim-listing'],
    [6, '-1.5000', 'constant.numeric.ewzanim-listing'],
    [7, 'inf', 'invalid.illegal.non-finite.ewzanim-listing'],
    [7, '! non-unit rotation, non-finite value, zero scale', 'invalid.illegal.ewzanim-listing'],
  ];
  for (const [line, token, scope] of cases) assert.equal(scopeOf(lines, line, token), scope, `${line}: ${token}`);
  const truncated = formatListing({ ...source, size: 20 }, planListing({ ...source, size: 20 }, 0), clip.subarray(4, 20));
  assert.equal(scopeOf(tokens(listing, truncated), 3, 'truncated: 20 of 36 bytes, frame 0 onwards incomplete'), 'invalid.illegal.ewzanim-listing');
});
