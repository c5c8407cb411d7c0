/**
 * The files an export writes beside its outputs: the report (`<model>.report.md`) and the
 * export record (`<model>.export.json`), which later exports of the same model add to and from
 * which a clip's bone names are looked up.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  EXPORT_RECORD_FORMAT,
  exportAnimationBytes,
  exportedBoneNames,
  exportRecordText,
  exportSidecarNames,
  exportSidecars,
  exportSkeleton,
  mergedExportRecord,
  parseExportRecord,
  relativePath,
  reportFileMarkdown,
  reportMarkdown,
  type ExportRecord,
  type GltfProblem,
} from '../../../formats/gltf';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { uniformClip, IDENTITY_RECORD } from '../cli/cliHarness';
import { fixture } from './gltfTestKit';

const FOX_JOINTS_START = ['_rootJoint', 'b_Root_00', 'b_Hip_01'];

function record(outputs: ExportRecord['outputs'], source = '../models/Hero.glb'): ExportRecord {
  return { format: EXPORT_RECORD_FORMAT, source, outputs };
}

const clipOutput = (path: string, joints: string[]) => ({ kind: 'clip' as const, path, skin: { index: 0, name: 'hero' }, joints });

test('sidecar names come from the model\'s name: Fox.glb -> Fox.report.md and Fox.export.json', () => {
  assert.deepEqual(exportSidecarNames('/p/models/Fox.glb'), { report: 'Fox.report.md', record: 'Fox.export.json' });
  assert.deepEqual(exportSidecarNames('C:\\art\\hero.v2.gltf'), { report: 'hero.v2.report.md', record: 'hero.v2.export.json' });
});

test('relative paths between a folder and a file', () => {
  const cases: [string, string, string][] = [
    ['/p/models', '/p/models/Fox.glb', 'Fox.glb'],
    ['/p/clips', '/p/models/Fox.glb', '../models/Fox.glb'],
    ['/p', '/p/a/b/c.nczxanim', 'a/b/c.nczxanim'],
    ['C:\\p\\clips', 'C:\\p\\Fox.glb', '../Fox.glb'],
  ];
  for (const [from, to, expected] of cases) assert.equal(relativePath(from, to), expected, `${from} -> ${to}`);
});

test('Fox: the report file holds each clip\'s report and the skeleton notes; the record the bones\' names', async () => {
  const doc = await fixture('fox');
  const walk = exportAnimationBytes(doc, { animation: 'Walk' });
  const run = exportAnimationBytes(doc, { animation: 'Run' });
  const skeleton = exportSkeleton(doc);
  const note: GltfProblem = { code: 'gltf/no-inverse-binds', severity: 'information', message: 'No inverse binds.', pointer: '/skins/0' };
  const summaries = [walk, run].map(({ plan, report }) => ({ plan, report, source: 'Fox.glb' }));
  const { report, record } = exportSidecars({
    modelPath: '/p/models/Fox.glb',
    outputFolder: '/p/clips',
    outputs: [
      { kind: 'clip', path: '/p/clips/Fox.Walk.nczxanim', skin: walk.plan.skin, plan: walk.plan },
      { kind: 'clip', path: '/p/clips/Fox.Run.nczxanim', skin: run.plan.skin, plan: run.plan },
      { kind: 'skeleton', path: '/p/clips/Fox.nczxskel', skin: skeleton.skin, joints: skeleton.joints },
      { kind: 'mesh', path: '/p/clips/Fox.nczxmesh', mesh: { index: 0, name: 'fox1' } },
    ],
    summaries,
    notes: [note],
  });
  assert.equal(report?.name, 'Fox.report.md');
  assert.equal(report?.text, `${reportMarkdown(summaries[0])}\n---\n\n${reportMarkdown(summaries[1])}\n## Skeleton and mesh\n\n- information gltf/no-inverse-binds /skins/0: No inverse binds.\n`);
  assert.equal(report?.text, reportFileMarkdown(summaries, [note]));
  assert.equal(record.name, 'Fox.export.json');
  const parsed = parseExportRecord(record.text)!;
  assert.equal(parsed.source, '../models/Fox.glb');
  assert.deepEqual(parsed.outputs.map((o) => [o.kind, o.path, o.animation?.name, o.skin?.index, o.mesh?.name, o.joints?.length]), [
    ['clip', 'Fox.Walk.nczxanim', 'Walk', 0, undefined, 24],
    ['clip', 'Fox.Run.nczxanim', 'Run', 0, undefined, 24],
    ['skeleton', 'Fox.nczxskel', undefined, 0, undefined, 24],
    ['mesh', 'Fox.nczxmesh', undefined, undefined, 'fox1', undefined],
  ]);
  assert.deepEqual(parsed.outputs[0].joints!.slice(0, 3), FOX_JOINTS_START);
  assert.deepEqual(parsed.outputs[0].joints, walk.plan.joints.map((j) => j.name));
});

test('an export with no clips writes no report, only the record', async () => {
  const skeleton = exportSkeleton(await fixture('fox'));
  const sidecars = exportSidecars({ modelPath: '/p/Fox.glb', outputFolder: '/p', outputs: [{ kind: 'skeleton', path: '/p/Fox.nczxskel', skin: skeleton.skin, joints: skeleton.joints }], summaries: [] });
  assert.equal(sidecars.report, undefined);
  assert.equal(parseExportRecord(sidecars.record.text)?.source, 'Fox.glb');
});

test('a later export of the same model keeps the other files\' entries and replaces its own', () => {
  const before = exportRecordText(record([clipOutput('Hero.Walk.nczxanim', ['hip', 'leg']), clipOutput('Hero.Run.nczxanim', ['hip', 'leg'])]));
  const merged = mergedExportRecord(before, record([clipOutput('Hero.Run.nczxanim', ['pelvis', 'thigh'])]));
  assert.deepEqual(merged.outputs.map((o) => [o.path, o.joints]), [['Hero.Walk.nczxanim', ['hip', 'leg']], ['Hero.Run.nczxanim', ['pelvis', 'thigh']]]);
  // Another model of the same name elsewhere, or a broken file: the new record alone.
  const other = record([clipOutput('Hero.Idle.nczxanim', ['root'])], '../other/Hero.glb');
  assert.deepEqual(mergedExportRecord(before, other), other);
  assert.deepEqual(mergedExportRecord('{ not json', other), other);
  assert.deepEqual(mergedExportRecord(undefined, other), other);
});

test('records that are not JSON, of another format or malformed are ignored; malformed outputs are dropped', () => {
  assert.equal(parseExportRecord(''), undefined);
  assert.equal(parseExportRecord('[]'), undefined);
  assert.equal(parseExportRecord(JSON.stringify({ ...record([]), format: 'ewzanim-gltf-export/2' })), undefined);
  assert.equal(parseExportRecord(JSON.stringify({ format: EXPORT_RECORD_FORMAT, source: 3, outputs: [] })), undefined);
  const text = JSON.stringify(record([
    clipOutput('a.nczxanim', ['root']),
    { kind: 'texture', path: 'b.png' },
    { kind: 'clip', path: 'c.nczxanim', joints: ['x', 7] },
    { kind: 'clip', path: '', joints: [] },
    { kind: 'clip', path: 'd.nczxanim', skin: { index: 'first', name: 'x' } },
    null,
  ] as unknown as ExportRecord['outputs']));
  assert.deepEqual(parseExportRecord(text)?.outputs, [clipOutput('a.nczxanim', ['root'])]);
});

test('bone names of a clip: from a record in its folder that lists it with that many bones', async () => {
  const clip = uniformClip(2, 1, IDENTITY_RECORD);
  const files = new MemoryFileAccess({
    '/p/clips/Hero.Walk.nczxanim': clip,
    '/p/clips/Other.nczxanim': clip,
    '/p/clips/Hero.export.json': exportRecordText(record([clipOutput('Hero.Walk.nczxanim', ['hip', 'leg']), clipOutput('Old.nczxanim', ['hip', 'leg', 'foot'])])),
    '/p/clips/broken.export.json': '{',
    '/p/clips/package.json': '{}',
    '/p/elsewhere/Hero.export.json': exportRecordText(record([clipOutput('../clips/Other.nczxanim', ['a', 'b'])])),
  });
  assert.deepEqual(await exportedBoneNames(files, '/p/clips/Hero.Walk.nczxanim', 2), ['hip', 'leg']);
  // Stale: the record lists it with another bone count.
  assert.equal(await exportedBoneNames(files, '/p/clips/Old.nczxanim', 2), undefined);
  assert.deepEqual(await exportedBoneNames(files, '/p/clips/Old.nczxanim', 3), ['hip', 'leg', 'foot']);
  // Only records beside the clip are read: the one in /p/elsewhere is not.
  assert.equal(await exportedBoneNames(files, '/p/clips/Other.nczxanim', 2), undefined);
  assert.ok(!files.reads.includes('/p/elsewhere/Hero.export.json'));
  assert.ok(!files.reads.includes('/p/clips/package.json'));
  assert.equal(await exportedBoneNames(files, '/p/missing/x.nczxanim', 2), undefined);
});
