/**
 * Which folder may import which: the core (`formats/`) imports nothing outside itself, and of
 * the core's two neighbours the manifest reads glTF files (its hover and asset rules open them)
 * while the glTF exporter never reaches into the manifest (the paths both use live in
 * `formats/paths.ts`, the manifest entries for exported files in `formats/manifest/`).
 */
import assert from 'node:assert/strict';
import { relative, sep } from 'node:path';
import { test } from 'node:test';
import { ROOT, importGraph } from './importGraph';

const graph = importGraph();
const repositoryPath = (file: string): string => relative(ROOT, file).split(sep).join('/');

/** `from -> to` for every import from a module under `fromFolder` to one under `toFolder`. */
function importsBetween(fromFolder: string, toFolder: string): string[] {
  const edges: string[] = [];
  for (const [file, imports] of graph) {
    const from = repositoryPath(file);
    if (!from.startsWith(`${fromFolder}/`)) continue;
    for (const target of imports.map(repositoryPath)) if (target.startsWith(`${toFolder}/`)) edges.push(`${from} -> ${target}`);
  }
  return edges;
}

test('the manifest reads glTF files through formats/gltf/', () => {
  assert.ok(importsBetween('formats/manifest', 'formats/gltf').length > 0);
});

test('formats/gltf/ never imports formats/manifest/', () => {
  assert.deepEqual(importsBetween('formats/gltf', 'formats/manifest'), []);
});

test('formats/ imports nothing outside formats/', () => {
  const outside = [...graph].flatMap(([file, imports]) =>
    repositoryPath(file).startsWith('formats/') ? imports.map(repositoryPath).filter((target) => !target.startsWith('formats/')).map((target) => `${repositoryPath(file)} -> ${target}`) : [],
  );
  assert.deepEqual(outside, []);
});
