/**
 * The conversions from the core's types to the wire (protocol/convert/) build every wire object
 * field by field: the wire JSON of every byte of the upstream fixtures equals the core's JSON
 * today (so the first protocol version kept the shape clients had), and a core object that
 * gains fields anywhere, at any depth, sends none of them.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { describeByte, type ByteDescription } from '../../../formats/describe';
import { describeView } from '../../../formats/describeText';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import type { SearchQuery } from '../../../formats/editing/search';
import { layoutOfFile, mshRowLayout, rowInfo, type RowLayout } from '../../../formats/editing/rowLayout';
import { mshFieldsOfRow } from '../../../formats/msh/fields';
import { openMshFile } from '../../../formats/msh/model';
import { memoryByteSource } from '../../../formats/fileAccess';
import type { AssetKind } from '../../../formats/fileKinds';
import type { KeyframeListing } from '../../../formats/listing/keyframeListing';
import type { ClipLinkFacts } from '../../../formats/manifest';
import { clipLinksWire } from '../../../protocol/convert/clipLinks';
import { byteDescriptionWire } from '../../../protocol/convert/describeByte';
import { hexDescriptionWire, hexDiagnosticWire, searchAnswerWire, searchQueryOfWire } from '../../../protocol/convert/hexEditor';
import { hexRowLayoutWire } from '../../../protocol/convert/hexRowLayout';
import { keyframeListingErrorData, keyframeListingWire } from '../../../protocol/convert/keyframeListing';
import { heroArchive, heroModel } from '../msh/mshFixtures';

const UPSTREAM = join(__dirname, '..', '..', 'fixtures', 'upstream');

/** The JSON a value becomes on the wire. */
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** A deep copy of `value` with an extra field in every object, at every depth: what a refactor of the core could add. */
function withExtraFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withExtraFields) as T;
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  const copy: Record<string, unknown> = { coreOnly: { secret: 'not for clients' } };
  for (const [key, field] of Object.entries(value)) copy[key] = withExtraFields(field);
  return copy as T;
}

function assertNoExtraField(wire: unknown): void {
  assert.ok(!JSON.stringify(wire).includes('coreOnly'), `a core-only field reached the wire: ${JSON.stringify(wire)}`);
}

const files: [kind: AssetKind, bytes: Uint8Array][] = [
  ['clip', readFileSync(join(UPSTREAM, 'animation-demo/assets/wave.ewzanim'))],
  // Cut inside the second keyframe's rotation: the truncated field.
  ['clip', readFileSync(join(UPSTREAM, 'animation-demo/assets/wave.ewzanim')).subarray(0, 22)],
  ['skeleton', readFileSync(join(UPSTREAM, 'multi-skinned-rom/assets/arm1.ewzskel'))],
  ['mesh', readFileSync(join(UPSTREAM, 'multi-skinned-rom/assets/arm1.ewzmesh'))],
  ['mesh', readFileSync(join(UPSTREAM, 'asset-test/assets/cube.ewzmesh'))],
  ['rom', readFileSync(join(UPSTREAM, 'cube/cube.ewz'))],
  ['msh', heroModel()],
];

async function everyDescription(): Promise<ByteDescription[]> {
  const out: ByteDescription[] = [];
  for (const [kind, bytes] of files) {
    const source = memoryByteSource(bytes);
    for (let offset = 0; offset < bytes.length; offset++) {
      const description = await describeByte(kind, source, offset, { frameRate: 30 });
      if (description) out.push(description);
    }
  }
  return out;
}

describe('ewzanim/describeByte', () => {
  test('the wire JSON of every byte of the fixtures is the core description\'s JSON, for every kind of decoded value', async () => {
    const descriptions = await everyDescription();
    const kinds = new Set<string>();
    for (const description of descriptions) {
      assert.deepStrictEqual(json(byteDescriptionWire(description)), json(description), `byte ${description.offset} of a ${description.kind}`);
      kinds.add(description.decoded.kind === 'header' ? `header.${description.decoded.field}` : description.decoded.kind);
    }
    assert.deepEqual([...kinds].sort(), [
      'half', 'header.boneCount', 'header.flags', 'header.format', 'header.frameCount', 'header.indexCount', 'header.padding', 'header.reserved', 'header.vertexCount',
      'index', 'magic', 'matrixCell', 'mshField', 'mshKey', 'mshMapWord', 'region', 'rotation', 'truncated', 'vertex',
    ]);
  });

  test('a core description with extra fields, at any depth, sends exactly the wire fields', async () => {
    for (const description of await everyDescription()) {
      const wire = byteDescriptionWire(withExtraFields(description));
      assertNoExtraField(wire);
      assert.deepStrictEqual(json(wire), json(byteDescriptionWire(description)));
    }
  });

  test('a manifest has no byte description on the wire', () => {
    const manifest = { offset: 0, kind: 'manifest', field: { name: 'x', label: 'x', fieldType: 'body', range: { start: 0, end: 1 } }, raw: { hex: '00', value: 0 }, decoded: { kind: 'region', region: 'body', value: 0 }, notes: [] } satisfies ByteDescription;
    assert.throws(() => byteDescriptionWire(manifest), /manifest/);
  });
});

describe('ewzanim/keyframeListing', () => {
  const listing: KeyframeListing = { text: 'frame 0\n', firstFrame: 0, frameCount: 1, windowFrames: 666, totalFrames: 30 };

  test('the window, field by field; a listing with more fields sends none of them', () => {
    assert.deepStrictEqual(keyframeListingWire(withExtraFields(listing)), listing);
  });

  test('the error data is its code only', () => {
    assert.deepStrictEqual(keyframeListingErrorData(withExtraFields({ code: 'not-a-clip', message: 'a manifest' })), { code: 'not-a-clip' });
  });
});

describe('ewzanim/clipLinks', () => {
  const toUri = (path: string): string => `file://${path}`;
  const arm1 = { id: 'arm1_skel', path: '/pack/arm1.ewzskel', boneCount: 3 };
  const mesh = { path: '/pack/arm1.ewzmesh' };
  const links: Omit<ClipLinkFacts, 'clip'> = { skeleton: arm1, mesh, source: 'explicit', sourceText: 'linked by its key', candidates: { skeletons: [arm1], meshes: [mesh] } };

  test('paths become URIs, absent facts stay absent, and core-only fields are not sent', () => {
    const wire = clipLinksWire(withExtraFields({ manifest: '/pack/nether.toml', links, listed: true, clipBones: 3 }), toUri);
    assertNoExtraField(wire);
    const skeleton = { uri: 'file:///pack/arm1.ewzskel', id: 'arm1_skel', boneCount: 3 };
    const meshRef = { uri: 'file:///pack/arm1.ewzmesh' };
    assert.deepStrictEqual(wire, {
      clipBones: 3, manifest: 'file:///pack/nether.toml', listed: true, skeleton, mesh: meshRef, source: 'explicit', sourceText: 'linked by its key',
      candidates: { skeletons: [skeleton], meshes: [meshRef] },
    });
  });

  test('no manifest: not listed, no candidates, no optional keys at all', () => {
    assert.deepStrictEqual(clipLinksWire({ manifest: undefined, links: undefined, listed: false, clipBones: undefined }, toUri), { listed: false, candidates: { skeletons: [], meshes: [] } });
  });
});

describe('hex editor webview messages', () => {
  test('a description travels as the core\'s rendering, every row with its code flag', async () => {
    const [description] = await everyDescription();
    const wire = hexDescriptionWire(withExtraFields(description!));
    assertNoExtraField(wire);
    const view = describeView(description!);
    assert.deepStrictEqual(wire, { ...view, rows: view.rows.map((row) => ({ label: row.label, value: row.value, code: row.code === true })) });
    assert.equal(wire.title, 'Bone count (u8)');
  });

  test('a problem keeps its code, severity, message and bytes; related places, quick-fix data and text ranges stay home', () => {
    const diagnostic: FormatDiagnostic = {
      code: 'anim/truncated', severity: 'error', message: 'The clip ends inside frame 3.', byteRange: { start: 52, end: 64 },
      related: [{ path: '/pack/nether.toml', message: 'listed here' }], data: { newPath: 'walk.nczxanim' }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    };
    assert.deepStrictEqual(hexDiagnosticWire(withExtraFields(diagnostic)), { code: 'anim/truncated', severity: 'error', message: 'The clip ends inside frame 3.', byteRange: { start: 52, end: 64 } });
    assert.deepStrictEqual(hexDiagnosticWire({ code: 'x/y', severity: 'hint', message: 'm' }), { code: 'x/y', severity: 'hint', message: 'm' });
  });

  test('search answers carry plain ranges; a query comes back as the core\'s query with nothing else', () => {
    const answer = searchAnswerWire(withExtraFields({ matches: [{ start: 4, end: 8 }], total: 1, capped: false, done: true, scannedBytes: 1444 }));
    assert.deepStrictEqual(answer, { matches: [{ start: 4, end: 8 }], total: 1, capped: false, done: true, scannedBytes: 1444 });
    const bytes: SearchQuery = searchQueryOfWire(withExtraFields({ kind: 'bytes', pattern: '0a ??' }));
    assert.deepStrictEqual(bytes, { kind: 'bytes', pattern: '0a ??' });
    assert.deepStrictEqual(searchQueryOfWire({ kind: 'condition', condition: 'nonUnit' }), { kind: 'condition', condition: 'nonUnit' });
  });
});

describe('hex editor row layouts', () => {
  async function layouts(): Promise<[name: string, layout: RowLayout][]> {
    const wave = readFileSync(join(UPSTREAM, 'animation-demo/assets/wave.ewzanim'));
    const arm1 = readFileSync(join(UPSTREAM, 'multi-skinned-rom/assets/arm1.ewzskel'));
    const msh = async (bytes: Uint8Array) => mshRowLayout((await openMshFile(memoryByteSource(bytes))).layout);
    return [
      ['clip', layoutOfFile('clip', wave.subarray(0, 16), wave.length)],
      ['clip cut inside a keyframe', layoutOfFile('clip', wave.subarray(0, 16), 30)],
      ['skeleton', layoutOfFile('skeleton', arm1.subarray(0, 16), arm1.length)],
      ['MSH model', await msh(heroModel())],
      ['NRes archive of models', await msh(heroArchive())],
    ];
  }

  test('the wire layout is the core layout\'s JSON, and every row and field the webview cuts from it is the core\'s', async () => {
    for (const [name, layout] of await layouts()) {
      const wire = hexRowLayoutWire(layout);
      assert.deepStrictEqual(json(wire), json(layout), name);
      for (let row = 0; row < layout.rowCount; row++) {
        const info = rowInfo(layout, row);
        assert.deepStrictEqual(rowInfo(wire, row), info, `${name}, row ${row}`);
        if (layout.kind === 'msh' && wire.kind === 'msh') assert.deepStrictEqual(mshFieldsOfRow(wire.file, info.start, info.end), mshFieldsOfRow(layout.file, info.start, info.end), `${name}, fields of row ${row}`);
      }
    }
  });

  test('a model\'s blob and streams are its file\'s blob and entries (converted once), binary fields are copies', async () => {
    const [, archive] = (await layouts())[4]!;
    const wire = hexRowLayoutWire(archive);
    assert.ok(wire.kind === 'msh' && archive.kind === 'msh');
    assert.equal(wire.file.models.length, 2);
    for (const model of wire.file.models) {
      assert.equal(model.blob, wire.file.blobs[model.blobIndex]);
      assert.equal(model.streams.keys, model.blob.entries.find((e) => e.typeId === 8));
      assert.ok(model.outerEntry && wire.file.blobs[0]!.entries.includes(model.outerEntry));
    }
    assert.notEqual(wire.file.models[0]!.nodeWords, archive.file.models[0]!.nodeWords);
    assert.deepStrictEqual(wire.file.models[0]!.nodeWords, archive.file.models[0]!.nodeWords);
  });

  test('a core layout with extra fields, at any depth, sends none of them', async () => {
    for (const [name, layout] of await layouts()) {
      const wire = hexRowLayoutWire(withExtraFields(layout));
      assertNoExtraField(wire);
      assert.deepStrictEqual(json(wire), json(hexRowLayoutWire(layout)), name);
    }
  });
});
