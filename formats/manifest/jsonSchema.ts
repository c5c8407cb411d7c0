/**
 * The manifest's JSON Schema (draft-07) for Even Better TOML's `tomlValidation`, derived from
 * the one schema table. `schemas/manifest.schema.json` is this output (a unit test keeps them
 * equal; regenerate with the command printed by that test).
 */
import { ASSET_ARRAYS, ENTRY_KEYS, MANIFEST_TABLES, entryKeySpec, type ManifestKeySpec } from './schema';

export type JsonSchema = { [key: string]: JsonSchemaValue };
type JsonSchemaValue = string | number | boolean | JsonSchemaValue[] | JsonSchema;

function plainDoc(spec: ManifestKeySpec): string {
  let doc = spec.doc.replace(/`/g, '');
  if (spec.values) doc += ` Allowed: ${spec.values.map((v) => `${v.value} = ${v.meaning}`).join(', ')}.`;
  if (spec.extension) doc += ' Added by the ewzanim extension; nether pack ignores it.';
  return doc;
}

function keySchema(spec: ManifestKeySpec): JsonSchema {
  const schema: JsonSchema = { description: plainDoc(spec) };
  if (spec.type === 'string-array') {
    schema.type = 'array';
    schema.items = { type: 'string' };
  } else {
    schema.type = spec.type;
  }
  if (spec.type === 'string' && spec.required) schema.minLength = 1;
  if (spec.values) schema.enum = spec.values.map((v) => v.value);
  if (spec.minimum !== undefined) schema.minimum = spec.minimum;
  if (spec.maximum !== undefined) schema.maximum = spec.maximum;
  if (spec.default !== undefined) schema.default = Array.isArray(spec.default) ? [...spec.default] : (spec.default as string | number | boolean);
  return schema;
}

export function buildManifestJsonSchema(): JsonSchema {
  const properties: JsonSchema = {};
  for (const table of MANIFEST_TABLES) {
    const keys: JsonSchema = {};
    for (const key of table.keys) keys[key.name] = keySchema(key);
    const tableSchema: JsonSchema = { type: 'object', description: table.doc.replace(/`/g, ''), properties: keys };
    const required = table.keys.filter((k) => k.required).map((k) => k.name);
    if (required.length) tableSchema.required = required;
    properties[table.name] = tableSchema;
  }
  const arrays: JsonSchema = {};
  for (const array of ASSET_ARRAYS) {
    const entryProperties: JsonSchema = {};
    for (const name of array.keys) entryProperties[name] = keySchema(entryKeySpec(name)!);
    const required = ['path', ...(array.idRequired ? ['id'] : [])];
    const files = array.extensions.length ? ` Files: ${array.extensions.map((e) => `.${e}`).join(', ')}.` : '';
    arrays[array.array] = {
      type: 'array',
      description: array.doc.replace(/`/g, '') + files,
      items: { type: 'object', properties: entryProperties, required },
    };
  }
  properties.assets = { type: 'object', description: 'Assets packed into the ROM, by kind.', properties: arrays };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://github.com/ewzanim-tools/ewzanim-tools/schemas/manifest.schema.json',
    title: 'Nethercore ZX data-pack manifest (nether.toml / ember.toml)',
    description: `Game metadata and the assets of a Nethercore ZX (formerly Emberware Z) game. Entry keys: ${ENTRY_KEYS.map((k) => k.name).join(', ')}.`,
    type: 'object',
    required: ['game'],
    properties,
  };
}
