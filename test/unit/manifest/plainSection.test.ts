/**
 * A section read without the parser (`readPlainSection`) is read exactly as toml-eslint-parser
 * reads the same text: the header's names and offsets, each key's name, value, kind and offsets.
 * Every text it does not read as such is left to the parser, and every text the parser refuses
 * is among those (the parser's message is the diagnostic).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTOML, type AST } from 'toml-eslint-parser';
import { type PlainSection, readPlainSection } from '../../../formats/manifest/plainSection';
import { parseManifest } from '../../../formats/manifest/parseManifest';
import { seededRandom } from '../../gpu/clipFixtures';

/** What the parser makes of `text` (one section), in `readPlainSection`'s shape; undefined when it refuses the text or it holds more than that shape. */
function parsedAsPlain(text: string): PlainSection | 'refused' | undefined {
  let program: AST.TOMLProgram;
  try {
    program = parseTOML(text, { tomlVersion: '1.0' });
  } catch {
    return 'refused';
  }
  const nodes = program.body[0].body;
  const table = nodes[0];
  if (nodes.length !== 1 || table?.type !== 'TOMLTable') return undefined;
  const keys: PlainSection['keys'] = [];
  for (const kv of table.body) {
    const [key, ...dotted] = kv.key.keys;
    const value = kv.value;
    if (dotted.length > 0 || key?.type !== 'TOMLBare' || value.type !== 'TOMLValue') return undefined;
    if (value.kind !== 'string' && value.kind !== 'integer' && value.kind !== 'boolean') return undefined;
    if (typeof value.value !== 'string' && typeof value.value !== 'number' && typeof value.value !== 'boolean') return undefined;
    keys.push({ name: key.name, keyStart: kv.key.range[0], keyEnd: kv.key.range[1], valueStart: value.range[0], valueEnd: value.range[1], kind: value.kind, value: value.value });
  }
  const isArray = table.kind === 'array';
  const names = table.resolvedKey.slice(0, isArray ? -1 : undefined).map(String);
  return { isArray, names, start: table.range[0], nameEnd: table.key.range[1], end: table.range[1], keys };
}

/** Read directly: exactly the parser's reading. Not read: the parser's business (refused, or a shape not read here). */
function assertAsParser(text: string): 'read' | 'left' {
  const plain = readPlainSection(text, 0, text.length);
  const parsed = parsedAsPlain(text);
  if (!plain) return 'left';
  assert.notEqual(parsed, 'refused', `read directly, but the parser refuses ${JSON.stringify(text)}`);
  assert.deepEqual(plain, parsed, `read as the parser reads ${JSON.stringify(text)}`);
  return 'read';
}

const ENTRY = '[[assets.animations]]\nid = "c0"\npath = "clips/c0.nczxanim"\nskeleton = "rig"\n\n';

test('the common shapes are read directly, as the parser reads them (table)', () => {
  const read = [
    ENTRY,
    '[game]\nid = "perf-bench"\ntitle = "Perf bench"\nauthor = "ewzanim"\nversion = "1.0.0"\n\n',
    '[[assets.skeletons]]\r\nid = "rig"\r\npath = "rig.nczxskel"\r\n',
    '[netplay]  # comment\n\tenabled = true\n max_players = 4   # four\n# a comment line\n\n',
    '[build]\nscript = "cargo build"\ntick_rate = 60\nflag = false',
    '[[assets.meshes]]\nid = "hé"\npath = "mesh/😀 x.nczxmesh"\nname = ""\n',
    '[[assets.animations]]\n',
    '[game]\nid = "x"\n   \n\t\n',
    '[game]\nid = "a tab\there"\n',
  ];
  for (const text of read) assert.equal(assertAsParser(text), 'read', JSON.stringify(text));
});

test('every other shape is left to the parser (table)', () => {
  const left = [
    'id = "top level"\n[game]\n',
    '  [game]\nid = "x"\n',
    '[ game ]\n',
    '["game"]\n',
    '[game]\n"id" = "x"\n',
    '[game]\ngame.id = "x"\n',
    '[game]\nid = "a\\tb"\n',
    '[game]\nid = \'literal\'\n',
    '[game]\nid = """multi"""\n',
    '[game]\nid = "x"\nid = "y"\n',
    '[game]\ntick = 1_000\n',
    '[game]\ntick = 007\n',
    '[game]\ntick = -1\n',
    '[game]\ntick = 1.5\n',
    '[game]\ntick = 1e3\n',
    '[game]\ntick = 1234567890123456\n',
    '[game]\nwhen = 1979-05-27\n',
    '[game]\nat = 07:32:00\n',
    '[game]\nlist = ["a"]\n',
    '[game]\ninline = { a = 1 }\n',
    '[game]\nflag = True\n',
    '[game]\nflag = truely\n',
    '[game]\nid = "x" "y"\n',
    '[game]\nid = "unterminated\n',
    '[game]\nid = "x"\rtitle = "y"\n',
    '[game]\nid = "x" # bell \u0007\n',
    '[game]\nid = "del \u007f"\n',
    '[game]\nid\n',
    '[game] x\n',
    '[[game]\n',
  ];
  for (const text of left) assert.equal(assertAsParser(text), 'left', JSON.stringify(text));
});

const PIECES = ['[[assets.animations]]', '[game]', 'id', 'path', ' = ', '=', '"x"', '"clips/c0.nczxanim"', '\n', '\r\n', '\r', ' ', '\t', '#', '# note', '"', '\\', '12', '0', '01', 'true', 'false', '.', '-', '_', '[', ']', '\u0000', 'é', '1.5', "'a'"];

test('5,000 seeded random sections: read directly only as the parser reads them, never one the parser refuses', () => {
  const next = seededRandom(0x91a1);
  let read = 0;
  for (let n = 0; n < 5000; n++) {
    let text = ENTRY;
    for (let edits = 1 + (next() % 3); edits > 0; edits--) {
      const at = next() % (text.length + 1);
      const piece = PIECES[next() % PIECES.length]!;
      text = next() % 4 === 0 ? text.slice(0, at) + text.slice(at + 1 + (next() % 6)) : text.slice(0, at) + piece + text.slice(at);
    }
    if (assertAsParser(text) === 'read') read++;
  }
  // Both sides of the shortcut are exercised.
  assert.ok(read > 500 && read < 4500, `${read} of 5000 read directly`);
});

test('a manifest of plain sections and parsed ones: the model keeps every entry, key, value and range in text order', () => {
  const text = `[game]\nid = "g"\n\n${ENTRY}[[assets.animations]]\nid = 'lit'\npath = "b.nczxanim"\n\n${ENTRY.replace('c0', 'c2')}`;
  const model = parseManifest(text, '/p/nether.toml');
  assert.deepEqual(model.diagnostics, []);
  assert.deepEqual(model.entries.map((e) => [e.index, e.fields.id?.value.value, e.fields.id?.value.range.start, e.headerRange?.start, e.range.end]), [
    [0, 'c0', { line: 4, character: 5 }, { line: 3, character: 0 }, { line: 6, character: 16 }],
    [1, 'lit', { line: 9, character: 5 }, { line: 8, character: 0 }, { line: 10, character: 19 }],
    [2, 'c2', { line: 13, character: 5 }, { line: 12, character: 0 }, { line: 15, character: 16 }],
  ]);
  assert.equal(model.game?.keys[0]?.keyRange.end.character, 2);
});
