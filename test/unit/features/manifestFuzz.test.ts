import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { checkManifest } from '../../../formats';
import { createManifestLanguageService } from '../../../formats/manifest';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';

const PACK = 'test/fixtures/upstream/multi-skinned-rom';
const MANIFESTS = [
  readFileSync(`${PACK}/nether.toml`, 'utf8'),
  ...readdirSync('test/fixtures/upstream-manifests').map((f) => readFileSync(`test/fixtures/upstream-manifests/${f}`, 'utf8')),
];
const PIECES = ['[', ']', '[[assets.animations]]\n', '"', "'", '=', '\n', '{', '}', ',', '.', '#', 'path = "assets/', 'skeleton = "', 'id', ' ', '\\', 'é'];

test('seeded fuzz: every manifest feature answers on randomly edited real manifests without throwing', async () => {
  const files = new MemoryFileAccess(Object.fromEntries(readdirSync(`${PACK}/assets`).map((f) => [`/p/assets/${f}`, readFileSync(`${PACK}/assets/${f}`)])));
  const service = createManifestLanguageService(files);
  let seed = 987654321;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  let answered = 0;
  for (let round = 0; round < 300; round++) {
    let text = MANIFESTS[random(MANIFESTS.length)];
    for (let edits = 1 + random(4); edits > 0; edits--) {
      const at = random(text.length + 1);
      text = random(2) ? text.slice(0, at) + PIECES[random(PIECES.length)] + text.slice(at) : text.slice(0, at) + text.slice(at + random(12));
    }
    const result = await checkManifest(files, '/p/nether.toml', text, { maxKeyframeProblems: 10 });
    service.links(result);
    service.previewLenses(result);
    service.clipLinks(result, '/p/assets/wave1.ewzanim');
    const lines = text.split('\n');
    for (let probe = 0; probe < 4; probe++) {
      const line = random(lines.length);
      const position = { line, character: random(lines[line].length + 1) };
      await service.hover(result, position, { frameRate: 30 });
      await service.fixes(result, { start: position, end: position });
      await service.completions(result.model, position);
      answered++;
    }
  }
  assert.equal(answered, 1200);
});
