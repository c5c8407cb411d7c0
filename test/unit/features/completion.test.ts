import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { nodeFileAccess } from '../../../node/fileAccess';
import { parseManifest } from '../../../formats';
import { manifestCompletions, type CompletionSuggestion } from '../../../formats/manifest/service/completion';

const MANIFEST = resolve('test/fixtures/upstream/multi-skinned-rom/nether.toml');
const ORIGINAL = readFileSync(MANIFEST, 'utf8');

/** Inserts `typed` as a new line after the line `afterLine` (exact text) and completes at its end. */
async function completeAfter(afterLine: string, typed: string): Promise<CompletionSuggestion[]> {
  const lines = ORIGINAL.split('\n');
  const index = lines.indexOf(afterLine);
  assert.ok(index >= 0, `fixture line ${afterLine}`);
  lines.splice(index + 1, 0, typed);
  const model = parseManifest(lines.join('\n'), MANIFEST);
  return manifestCompletions(model, { line: index + 1, character: typed.length }, nodeFileAccess);
}

const labels = (items: CompletionSuggestion[]) => items.map((i) => i.label);

test('table names after [ and [[, with the closing brackets added', async () => {
  const arrays = await completeAfter('version = "0.1.0"', '[[');
  assert.deepEqual(labels(arrays), ['assets.textures', 'assets.meshes', 'assets.skeletons', 'assets.keyframes', 'assets.animations', 'assets.sounds', 'assets.trackers', 'assets.data']);
  assert.equal(arrays[3].insertText, 'assets.keyframes]]');
  assert.deepEqual(arrays[3].range, { start: { line: 16, character: 2 }, end: { line: 16, character: 2 } });
  const tables = await completeAfter('version = "0.1.0"', '[ne');
  assert.deepEqual(labels(tables), ['game', 'build', 'netplay']);
  assert.equal(tables[2].insertText, 'netplay]');
  assert.deepEqual(tables[2].range.start, { line: 16, character: 1 });
});

test('keys of the table the cursor is in, minus those already there (table)', async () => {
  const cases: [after: string, expected: string[]][] = [
    ['path = "assets/wave1.ewzanim"', ['animation_name', 'skin_name', 'id_prefix', 'skeleton', 'mesh']],
    ['path = "assets/arm1.ewzmesh"', ['skin_name', 'skeleton']],
    ['path = "assets/arm1.ewzskel"', ['skin_name']],
    ['tags = ["animation", "skeleton", "skinning", "rom"]', ['compress_textures', 'render_mode', 'tick_rate', 'max_players']],
  ];
  for (const [after, expected] of cases) assert.deepEqual(labels(await completeAfter(after, '')), expected, after);
  const [skeleton] = (await completeAfter('path = "assets/wave1.ewzanim"', 'ske')).filter((s) => s.label === 'skeleton');
  assert.equal(skeleton.insertText, 'skeleton = ""', 'plain text for editors without snippets');
  assert.equal(skeleton.snippet, 'skeleton = "$1"');
  assert.match(skeleton.documentation ?? '', /nether pack/);
  assert.deepEqual(skeleton.range.start.character, 0);
  const [tick] = (await completeAfter('version = "0.1.0"', 'tick')).filter((s) => s.label === 'tick_rate');
  assert.equal(tick.snippet, 'tick_rate = ${1|30,60,120|}');
  assert.equal(tick.insertText, 'tick_rate = 30');
});

test('ids for the skeleton and mesh link keys come from the manifest', async () => {
  assert.deepEqual(labels(await completeAfter('path = "assets/wave1.ewzanim"', 'skeleton = "')), ['arm1_skel', 'arm2_skel']);
  const meshes = await completeAfter('path = "assets/wave2.ewzanim"', 'mesh = "arm');
  assert.deepEqual(labels(meshes), ['arm1_mesh', 'arm2_mesh']);
  assert.deepEqual(meshes[0].range, { start: { line: 44, character: 8 }, end: { line: 44, character: 11 } });
  assert.equal(meshes[0].detail, 'assets/arm1.ewzmesh');
});

test('allowed values of game keys', async () => {
  const items = await completeAfter('version = "0.1.0"', 'tick_rate = ');
  assert.deepEqual(labels(items), ['30', '60', '120']);
  assert.equal(items[1].detail, '60 Hz (default)');
  assert.deepEqual(labels(await completeAfter('version = "0.1.0"', 'compress_textures = t')), ['true', 'false']);
});

test('file paths are filtered by the kind of the array the entry is in (table)', async () => {
  const cases: [after: string, expected: string[]][] = [
    ['id = "wave1"', ['wave1.ewzanim', 'wave2.ewzanim']],
    ['id = "arm1_skel"', ['arm1.ewzskel', 'arm2.ewzskel']],
    ['id = "arm1_mesh"', ['arm1.ewzmesh', 'arm2.ewzmesh']],
  ];
  for (const [after, expected] of cases) {
    const items = await completeAfter(after, 'path = "assets/');
    assert.deepEqual(labels(items), expected, after);
    assert.deepEqual(items[0].range.start.character, 'path = "assets/'.length);
    assert.equal(items[0].kind, 'file');
  }
  const top = await completeAfter('id = "wave1"', 'path = "');
  assert.deepEqual(labels(top), ['assets/'], 'folders are offered (the manifest itself is no clip)');
  assert.ok(top[0].retrigger);
  assert.deepEqual(await completeAfter('id = "wave1"', 'path = "nowhere/'), []);
});
