/**
 * Seeded fuzzing: random edits of the real manifests (and the crafted pack) never throw and
 * always give a result whose diagnostics carry known codes and ranges inside the text.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { Document, WebIO } from '@gltf-transform/core';
import { AssetSummaryCache, checkManifest, LineIndex, MANIFEST_DIAGNOSTIC_CODES } from '../../../formats/manifest';
import { seededRandom } from '../../gpu/clipFixtures';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { BASE, basePack } from './craftedPack';

const ITERATIONS = 5000;
const SEED = 0x5eed_3;

/** The project's seeded generator (uint32), as a fraction in [0, 1). */
function random(seed: number): () => number {
  const next = seededRandom(seed);
  return () => next() / 2 ** 32;
}

const TOKENS = ['path = "x.glb"', '[', ']', '[[', ']]', '"', "'", "'''", '"""', '=', '\n', '.', '{', '}', ',', '#', ' ', '\\', '\u0000', 'é', '😀', '0', '-1', '1e999', '300',
  'true', 'game', 'assets', 'meshes', 'animations', 'skeletons', 'id', 'path', 'skeleton', 'mesh', 'skin_name', 'animation_name', 'id_prefix', '"anim/walk.nczxanim"',
  '"hero_skel"', '"x.glb"', '"../"', 'render_mode', 'tick_rate', 'max_players', '[netplay]', 'enabled = true', '[[assets.fonts]]', '\r\n', '\t'];

function mutate(text: string, next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  let out = text;
  const edits = 1 + Math.floor(next() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (out.length + 1));
    const kind = Math.floor(next() * 5);
    if (kind === 0) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(next() * 20));
    else if (kind === 1) out = out.slice(0, at) + pick(TOKENS) + out.slice(at);
    else if (kind === 2) {
      const lines = out.split('\n');
      const i = Math.floor(next() * lines.length);
      lines.splice(Math.floor(next() * lines.length), 0, lines[i]);
      out = lines.join('\n');
    } else if (kind === 3) {
      const lines = out.split('\n');
      lines.splice(Math.floor(next() * lines.length), 1);
      out = lines.join('\n');
    } else {
      out = out.slice(0, at) + String.fromCharCode(Math.floor(next() * 0x3000)) + out.slice(at);
    }
  }
  return out;
}

test(`${ITERATIONS} seeded random edits of real manifests: no exception, always a well-formed result`, async () => {
  const dir = resolve('test/fixtures/upstream-manifests');
  const bases = [BASE, ...readdirSync(dir).sort().map((f) => readFileSync(join(dir, f), 'utf8')),
    readFileSync(resolve('test/fixtures/upstream/multi-skinned-rom/nether.toml'), 'utf8')];
  const codes = new Set(MANIFEST_DIAGNOSTIC_CODES.map((c) => c.code));
  // A real GLB too, so that mutated entries reach the glTF rules (skins, animations, wildcards).
  const doc = new Document();
  const skin = doc.createSkin('Skin');
  for (let j = 0; j < 3; j++) skin.addJoint(doc.createNode(`j${j}`));
  const access = new MemoryFileAccess({ ...basePack(), '/pack/x.glb': await new WebIO().writeBinary(doc) });
  const cache = new AssetSummaryCache();
  const next = random(SEED);
  const seen = new Set<string>();
  for (let i = 0; i < ITERATIONS; i++) {
    const text = mutate(bases[i % bases.length], next);
    let result;
    try {
      result = await checkManifest(access, '/pack/nether.toml', text, { maxKeyframeProblems: 5, cache });
    } catch (error) {
      assert.fail(`iteration ${i} threw ${String(error)} for:\n${text}`);
    }
    assert.ok(Array.isArray(result.diagnostics) && result.model);
    const lines = new LineIndex(text);
    for (const d of result.diagnostics) {
      seen.add(d.code);
      assert.ok(codes.has(d.code), `iteration ${i}: unknown code ${d.code}`);
      const { start, end } = d.range!;
      assert.ok(start.line < lines.lineCount && end.line < lines.lineCount, `iteration ${i}: range outside the text`);
      assert.ok(start.line < end.line || (start.line === end.line && start.character <= end.character), `iteration ${i}: reversed range`);
    }
  }
  // The mutations reach the parser's error paths and the semantic rules alike.
  for (const code of ['manifest/syntax', 'manifest/missing-field', 'manifest/unknown-key', 'manifest/missing-file', 'manifest/duplicate-id']) assert.ok(seen.has(code), code);
});
