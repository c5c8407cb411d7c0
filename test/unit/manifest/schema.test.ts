/** The shipped JSON Schema is exactly what the schema table generates, and covers real manifests. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { buildManifestJsonSchema, parseManifest } from '../../../formats/manifest';

const SCHEMA_PATH = resolve('schemas/manifest.schema.json');
type Json = { [key: string]: Json } & Record<string, unknown>;

test('schemas/manifest.schema.json equals the generated schema', () => {
  const shipped = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as unknown;
  assert.deepEqual(shipped, buildManifestJsonSchema(),
    'regenerate: node --import tsx -e "require(\'node:fs\').writeFileSync(\'schemas/manifest.schema.json\', JSON.stringify(require(\'./formats/manifest/jsonSchema\').buildManifestJsonSchema(), null, 2) + \'\\n\')"');
});

test('package.json registers it for Even Better TOML (tomlValidation)', () => {
  const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { contributes: { tomlValidation: { fileMatch: string[]; url: string }[] } };
  assert.deepEqual(pkg.contributes.tomlValidation, [{ fileMatch: ['nether.toml', 'ember.toml'], url: './schemas/manifest.schema.json' }]);
});

test('draft-07 with ranges, enums, required keys and our link keys', () => {
  const schema = buildManifestJsonSchema() as Json;
  assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
  const game = schema.properties.game as Json;
  assert.deepEqual(game.required, ['id', 'title', 'author', 'version']);
  assert.deepEqual(game.properties.tick_rate.enum, [30, 60, 120]);
  assert.deepEqual([game.properties.render_mode.minimum, game.properties.render_mode.maximum], [0, 3]);
  assert.deepEqual([game.properties.max_players.minimum, game.properties.max_players.maximum, game.properties.max_players.default], [1, 4, 4]);
  const assets = (schema.properties.assets as Json).properties;
  assert.deepEqual(Object.keys(assets), ['textures', 'meshes', 'skeletons', 'keyframes', 'animations', 'sounds', 'trackers', 'data']);
  assert.deepEqual(Object.keys(assets.animations.items.properties), ['id', 'path', 'animation_name', 'skin_name', 'id_prefix', 'skeleton', 'mesh']);
  assert.deepEqual(assets.animations.items.required, ['path']);
  assert.deepEqual(assets.meshes.items.required, ['path', 'id']);
  assert.match(String(assets.meshes.items.properties.skeleton.description), /nether pack ignores it/);
});

test('every key the upstream manifests use (except the two broken hello-worlds) is in the schema', () => {
  const schema = buildManifestJsonSchema() as Json;
  const dir = resolve('test/fixtures/upstream-manifests');
  for (const file of readdirSync(dir)) {
    if (/hello-world-(c|zig)/.test(file)) continue;
    const model = parseManifest(readFileSync(join(dir, file), 'utf8'), file);
    for (const key of model.game?.keys ?? []) assert.ok(schema.properties.game.properties[key.name], `${file}: game.${key.name}`);
    for (const entry of model.entries) {
      const props = (schema.properties.assets as Json).properties[entry.array].items.properties;
      for (const key of entry.keys) assert.ok(props[key.name], `${file}: ${entry.array}.${key.name}`);
    }
  }
});
