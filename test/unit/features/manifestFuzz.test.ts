/**
 * Seeded fuzz of the manifest features on real manifests edited at random, one edit at a time,
 * the way a person types into an open document: one summary cache for the whole session, as
 * the language server keeps. After every edit, every answer must be well-formed and point
 * inside the text as it now stands; at the end of each session, the result the cache produced
 * must equal a fresh check of the final text.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { BINARY_DIAGNOSTIC_CODES, checkManifest } from '../../../formats';
import type { FormatDiagnostic, TextPosition, TextRange } from '../../../formats/diagnostics';
import { AssetSummaryCache, createManifestLanguageService, MANIFEST_DIAGNOSTIC_CODES, type ManifestCheckResult, type ManifestLanguageService } from '../../../formats/manifest';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';

const PACK = 'test/fixtures/upstream/multi-skinned-rom';
const MANIFEST_PATH = '/p/nether.toml';
const MANIFESTS = [
  readFileSync(`${PACK}/nether.toml`, 'utf8'),
  ...readdirSync('test/fixtures/upstream-manifests').map((f) => readFileSync(`test/fixtures/upstream-manifests/${f}`, 'utf8')),
];
const PIECES = ['[', ']', '[[assets.animations]]\n', '"', "'", '=', '\n', '{', '}', ',', '.', '#', 'path = "assets/', 'skeleton = "', 'id', ' ', '\\', 'é'];
const KNOWN_CODES = new Set([...MANIFEST_DIAGNOSTIC_CODES, ...BINARY_DIAGNOSTIC_CODES].map((c) => c.code));
const SEVERITIES = new Set(['error', 'warning', 'information', 'hint']);

/** Characters per line of `text`, with the line breaks editors count (\r\n, \r, \n). */
const lineLengths = (text: string): number[] => text.split(/\r\n|\r|\n/).map((line) => line.length);

const before = (a: TextPosition, b: TextPosition): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);

function assertPositionInside(lines: number[], p: TextPosition, what: string): void {
  assert.ok(Number.isInteger(p.line) && p.line >= 0 && p.line < lines.length, `${what}: line ${p.line} of ${lines.length}`);
  assert.ok(Number.isInteger(p.character) && p.character >= 0 && p.character <= lines[p.line], `${what}: character ${p.character} of line ${p.line} (${lines[p.line]} long)`);
}

function assertRangeInside(lines: number[], range: TextRange | undefined, what: string): void {
  assert.ok(range, `${what}: no range`);
  assertPositionInside(lines, range.start, `${what} start`);
  assertPositionInside(lines, range.end, `${what} end`);
  assert.ok(before(range.start, range.end), `${what}: ends before it starts`);
}

function assertDiagnostic(lines: number[], d: FormatDiagnostic, what: string): void {
  assert.ok(KNOWN_CODES.has(d.code), `${what}: unknown code ${d.code}`);
  assert.ok(SEVERITIES.has(d.severity), `${what}: severity ${d.severity}`);
  assert.ok(d.message.trim().length > 0, `${what}: empty message`);
  assertRangeInside(lines, d.range, `${what} (${d.code})`);
  for (const related of d.related ?? []) {
    assert.ok(related.path.length > 0 && related.message.length > 0, `${what}: related location without path or message`);
    if (related.path === MANIFEST_PATH) assertRangeInside(lines, related.range, `${what} related`);
  }
}

/** Everything the service answers for one check result and a few random positions, checked against the text. */
async function assertAnswersWellFormed(service: ManifestLanguageService, result: ManifestCheckResult, text: string, random: (n: number) => number): Promise<void> {
  const lines = lineLengths(text);
  assert.equal(result.model.text, text, 'the result is of another text');
  result.diagnostics.forEach((d, i) => assertDiagnostic(lines, d, `diagnostic ${i}`));
  for (let i = 1; i < result.diagnostics.length; i++) {
    assert.ok(before(result.diagnostics[i - 1].range!.start, result.diagnostics[i].range!.start), `diagnostics ${i - 1} and ${i} out of order`);
  }
  for (const link of service.links(result)) {
    assertRangeInside(lines, link.range, 'document link');
    assert.ok(link.target.startsWith('/'), `link target ${link.target} is not absolute`);
  }
  for (const lens of service.previewLenses(result)) {
    assertRangeInside(lines, lens.range, 'preview lens');
    assert.ok(lens.title.length > 0 && lens.clip.length > 0, 'preview lens without title or clip');
  }
  const links = service.clipLinks(result, '/p/assets/wave1.ewzanim');
  if (links) assert.equal(links.clip.path, '/p/assets/wave1.ewzanim');
  for (let probe = 0; probe < 3; probe++) {
    const line = random(lines.length);
    const position = { line, character: random(lines[line] + 1) };
    const where = `at ${line}:${position.character}`;
    const hover = await service.hover(result, position, { frameRate: 30 });
    if (hover) {
      assert.ok(hover.markdown.trim().length > 0, `empty hover ${where}`);
      if (hover.range) {
        assertRangeInside(lines, hover.range, `hover ${where}`);
        assert.ok(before(hover.range.start, position) && before(position, hover.range.end), `hover range does not hold ${where}`);
      }
    }
    for (const fix of await service.fixes(result, { start: position, end: position })) {
      assert.ok(fix.title.trim().length > 0, `untitled fix ${where}`);
      assert.ok(result.diagnostics.some((d) => d.code === fix.diagnostic.code && d.message === fix.diagnostic.message), `fix "${fix.title}" resolves no reported diagnostic`);
      fix.edits.forEach((edit, i) => assertRangeInside(lines, edit.range, `fix "${fix.title}" edit ${i}`));
    }
    for (const suggestion of await service.completions(result.model, position)) {
      assert.ok(suggestion.label.length > 0, `unlabelled completion ${where}`);
      assertRangeInside(lines, suggestion.range, `completion "${suggestion.label}" ${where}`);
      assert.ok(before(suggestion.range.start, position) && before(position, suggestion.range.end), `completion "${suggestion.label}" replaces a range that does not hold ${where}`);
    }
  }
}

test('seeded fuzz: after every edit of a real manifest the answers are well-formed and inside the text, and the cached check equals a fresh one', async () => {
  const files = new MemoryFileAccess(Object.fromEntries(readdirSync(`${PACK}/assets`).map((f) => [`/p/assets/${f}`, readFileSync(`${PACK}/assets/${f}`)])));
  const service = createManifestLanguageService(files);
  const cache = new AssetSummaryCache();
  let seed = 987654321;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  for (let session = 0; session < 150; session++) {
    let text = MANIFESTS[random(MANIFESTS.length)];
    let result = await checkManifest(files, MANIFEST_PATH, text, { maxKeyframeProblems: 10, cache });
    for (let edits = 1 + random(4); edits > 0; edits--) {
      const at = random(text.length + 1);
      const piece = PIECES[random(PIECES.length)];
      // Typing a piece, deleting up to 11 characters, or typing the piece over as many (same length, other text).
      const kind = random(3);
      text = text.slice(0, at) + (kind === 1 ? '' : piece) + text.slice(at + (kind === 0 ? 0 : kind === 1 ? random(12) : piece.length));
      result = await checkManifest(files, MANIFEST_PATH, text, { maxKeyframeProblems: 10, cache });
      await assertAnswersWellFormed(service, result, text, random);
    }
    assert.deepEqual(result, await checkManifest(files, MANIFEST_PATH, text, { maxKeyframeProblems: 10 }), `session ${session}: the cached check differs from a fresh one`);
  }
});
