/**
 * Everything the tools know about the manifest's shape, in one table: the validator, the
 * JSON Schema (`jsonSchema.ts`) and the hover texts (`MANIFEST_KEY_DOCS`) are all derived from
 * it, so they cannot disagree. Facts from the real packer (`nether-cli` manifest.rs and
 * pack/assets/*.rs); `extension: true` marks the link keys this project adds.
 */

export type ManifestValueType = 'string' | 'integer' | 'boolean' | 'string-array';

export interface AllowedValue {
  value: number;
  meaning: string;
}

export interface ManifestKeySpec {
  name: string;
  type: ManifestValueType;
  /** The packer refuses a manifest without it. */
  required?: boolean;
  /** What the key means, one or two sentences (hover text). */
  doc: string;
  default?: string | number | boolean | readonly string[];
  /** A closed list of legal integers (tick_rate). */
  values?: readonly AllowedValue[];
  minimum?: number;
  maximum?: number;
  /** Added by this project: the real parser ignores it, so it never breaks `nether pack`. */
  extension?: boolean;
}

export type FixedTableName = 'game' | 'build' | 'netplay';

export interface ManifestTableSpec {
  name: FixedTableName;
  doc: string;
  required: boolean;
  keys: readonly ManifestKeySpec[];
}

export type AssetArrayName = 'textures' | 'meshes' | 'skeletons' | 'keyframes' | 'animations' | 'sounds' | 'trackers' | 'data';
export type ManifestAssetKind = 'texture' | 'mesh' | 'skeleton' | 'animation' | 'sound' | 'tracker' | 'data';
export type EntryKeyName = 'id' | 'path' | 'animation_name' | 'skin_name' | 'id_prefix' | 'patterns' | 'skeleton' | 'mesh';

export interface AssetArraySpec {
  array: AssetArrayName;
  kind: ManifestAssetKind;
  doc: string;
  /** Lower-case extensions (no dot) the packer loads for this kind; empty = any file. */
  extensions: readonly string[];
  /** Keys that have an effect on this kind (the parser accepts every entry key everywhere). */
  keys: readonly EntryKeyName[];
  /** `id` is required (all kinds but animations, whose id may come from the glTF). */
  idRequired: boolean;
}

const RENDER_MODES: readonly AllowedValue[] = [
  { value: 0, meaning: 'Lambert (default)' },
  { value: 1, meaning: 'Matcap' },
  { value: 2, meaning: 'MRBP (metallic-roughness Blinn-Phong)' },
  { value: 3, meaning: 'SSBP (specular-shininess Blinn-Phong)' },
];

export const MANIFEST_TABLES: readonly ManifestTableSpec[] = [
  {
    name: 'game',
    required: true,
    doc: 'Game metadata. Required: the packer refuses a manifest without `[game]` and its `id`, `title`, `author` and `version`.',
    keys: [
      { name: 'id', type: 'string', required: true, doc: 'Unique game id, also the folder name of installed games: a safe single path component (not `.` or `..`, none of `/ \\ : * ? " < > |`, no control characters, no trailing dot or space).' },
      { name: 'title', type: 'string', required: true, doc: 'Display title of the game.' },
      { name: 'author', type: 'string', required: true, doc: 'Author or studio name.' },
      { name: 'version', type: 'string', required: true, doc: 'Game version string, e.g. `"0.1.0"`.' },
      { name: 'description', type: 'string', default: '', doc: 'Short description shown in the library.' },
      { name: 'tags', type: 'string-array', default: [], doc: 'Free-form tags, e.g. `["demo", "animation"]`.' },
      { name: 'compress_textures', type: 'boolean', default: false, doc: 'Compress textures with BC7 (4:1). Recommended for the Matcap and Blinn-Phong render modes; default `false` (uncompressed RGBA8).' },
      { name: 'render_mode', type: 'integer', default: 0, minimum: 0, maximum: 3, values: RENDER_MODES, doc: 'Renderer used for the whole game.' },
      { name: 'tick_rate', type: 'integer', default: 60, values: [{ value: 30, meaning: '30 Hz' }, { value: 60, meaning: '60 Hz (default)' }, { value: 120, meaning: '120 Hz' }], doc: 'Fixed update rate in Hz; must be the same on every peer for rollback netplay.' },
      { name: 'max_players', type: 'integer', default: 4, minimum: 1, maximum: 4, doc: 'Most players the game supports (1..4, default 4).' },
    ],
  },
  {
    name: 'build',
    required: false,
    doc: 'How `nether build` compiles the game.',
    keys: [
      { name: 'script', type: 'string', doc: 'Build command; default `cargo build --target wasm32-unknown-unknown --release`.' },
      { name: 'wasm', type: 'string', doc: 'Path of the built WASM file, relative to the manifest; default: found in `target/wasm32-unknown-unknown/<profile>/`.' },
    ],
  },
  {
    name: 'netplay',
    required: false,
    doc: 'Online play settings.',
    keys: [{ name: 'enabled', type: 'boolean', default: true, doc: 'Whether the game supports online netplay (default `true`).' }],
  },
];

export const ENTRY_KEYS: readonly ManifestKeySpec[] = [
  { name: 'id', type: 'string', doc: 'Id the game loads the asset by (`rom_mesh("id")`...). Required except on animations. Upstream, when two entries of one kind share an id the last one silently wins.' },
  { name: 'path', type: 'string', required: true, doc: 'File to pack, relative to the manifest\'s folder.' },
  { name: 'animation_name', type: 'string', doc: 'Animation to extract from a .gltf/.glb. Without `id` it also names the clip; with neither `id` nor `animation_name` every animation is imported as `id_prefix + name`.' },
  { name: 'skin_name', type: 'string', doc: 'Skin to use in a .gltf/.glb (skeletons and animations); default: the first skin.' },
  { name: 'id_prefix', type: 'string', doc: 'Prefix of the ids of animations imported all at once from a .gltf/.glb (entry with neither `id` nor `animation_name`).' },
  { name: 'patterns', type: 'boolean', default: true, doc: 'Trackers: `false` uses the module only as a sample library, without registering a playable tracker.' },
  { name: 'skeleton', type: 'string', extension: true, doc: 'Id of the skeleton this clip or mesh is made for. Added by this extension so that bone counts can be cross-checked; `nether pack` ignores it.' },
  { name: 'mesh', type: 'string', extension: true, doc: 'Id of the mesh this clip animates. Added by this extension so that bone indices can be cross-checked; `nether pack` ignores it.' },
];

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tga', 'tif', 'tiff', 'webp', 'qoi'] as const;

export const ASSET_ARRAYS: readonly AssetArraySpec[] = [
  { array: 'textures', kind: 'texture', idRequired: true, extensions: IMAGE_EXTENSIONS, keys: ['id', 'path'], doc: 'Images, converted to RGBA8 (or BC7 with `compress_textures`).' },
  { array: 'meshes', kind: 'mesh', idRequired: true, extensions: ['nczxmesh', 'nczmesh', 'ewzmesh', 'obj', 'gltf', 'glb'], keys: ['id', 'path', 'skin_name', 'skeleton'], doc: 'Meshes: native `.nczxmesh`, Wavefront `.obj` or glTF.' },
  { array: 'skeletons', kind: 'skeleton', idRequired: true, extensions: ['nczxskel', 'ewzskel', 'gltf', 'glb'], keys: ['id', 'path', 'skin_name'], doc: 'Skeletons (inverse bind matrices): native `.nczxskel` or a glTF skin.' },
  { array: 'keyframes', kind: 'animation', idRequired: false, extensions: ['nczxanim', 'ewzanim', 'gltf', 'glb'], keys: ['id', 'path', 'animation_name', 'skin_name', 'id_prefix', 'skeleton', 'mesh'], doc: 'Keyframe clips: native `.nczxanim` or glTF animations.' },
  { array: 'animations', kind: 'animation', idRequired: false, extensions: ['nczxanim', 'ewzanim', 'gltf', 'glb'], keys: ['id', 'path', 'animation_name', 'skin_name', 'id_prefix', 'skeleton', 'mesh'], doc: 'Alias of `[[assets.keyframes]]`: keyframe clips, native `.nczxanim` or glTF animations.' },
  { array: 'sounds', kind: 'sound', idRequired: true, extensions: ['wav'], keys: ['id', 'path'], doc: 'WAV sounds, converted to 22,050 Hz mono.' },
  { array: 'trackers', kind: 'tracker', idRequired: true, extensions: ['xm', 'it'], keys: ['id', 'path', 'patterns'], doc: 'Tracker modules (XM or IT); their samples become sounds.' },
  { array: 'data', kind: 'data', idRequired: true, extensions: [], keys: ['id', 'path'], doc: 'Raw bytes, packed as they are.' },
];

export const TOP_LEVEL_TABLES: readonly string[] = ['game', 'build', 'netplay', 'assets'];

/** Looked up once per table and key of a manifest (some 40,000 times for 10,000 entries): by name, not by a search. */
const TABLES_BY_NAME = new Map<string, ManifestTableSpec>(MANIFEST_TABLES.map((t) => [t.name, t]));
const ARRAYS_BY_NAME = new Map<string, AssetArraySpec>(ASSET_ARRAYS.map((a) => [a.array, a]));
const ENTRY_KEYS_BY_NAME = new Map<string, ManifestKeySpec>(ENTRY_KEYS.map((k) => [k.name, k]));

export function tableSpec(name: string): ManifestTableSpec | undefined {
  return TABLES_BY_NAME.get(name);
}

export function assetArraySpec(name: string): AssetArraySpec | undefined {
  return ARRAYS_BY_NAME.get(name);
}

export function entryKeySpec(name: string): ManifestKeySpec | undefined {
  return ENTRY_KEYS_BY_NAME.get(name);
}

function keyMarkdown(spec: ManifestKeySpec): string {
  const parts = [spec.doc];
  if (spec.required) parts.push('Required.');
  if (spec.values) parts.push(`Allowed: ${spec.values.map((v) => `\`${v.value}\` ${v.meaning}`).join(', ')}.`);
  else if (spec.minimum !== undefined && spec.maximum !== undefined) parts.push(`Range ${spec.minimum}..${spec.maximum}.`);
  if (spec.default !== undefined) parts.push(`Default: \`${JSON.stringify(spec.default)}\`.`);
  if (spec.extension) parts.push('*Added by this extension; the packer ignores it.*');
  return parts.join(' ');
}

function buildKeyDocs(): Readonly<Record<string, string>> {
  const docs: Record<string, string> = {};
  for (const table of MANIFEST_TABLES) {
    docs[table.name] = table.doc;
    for (const key of table.keys) docs[`${table.name}.${key.name}`] = `**${table.name}.${key.name}** (${key.type}): ${keyMarkdown(key)}`;
  }
  for (const array of ASSET_ARRAYS) {
    docs[`assets.${array.array}`] = `**[[assets.${array.array}]]**: ${array.doc}` +
      (array.extensions.length ? ` Files: ${array.extensions.map((e) => `.${e}`).join(', ')}.` : '');
    for (const name of array.keys) {
      const key = entryKeySpec(name);
      if (key) docs[`assets.${array.array}.${name}`] = `**${name}** (${key.type}): ${keyMarkdown(key)}`;
    }
  }
  return docs;
}

/**
 * Hover texts (markdown) by dotted key: `game.render_mode`, `netplay.enabled`,
 * `assets.animations.skeleton`, and tables by name (`game`, `assets.meshes`).
 */
export const MANIFEST_KEY_DOCS: Readonly<Record<string, string>> = buildKeyDocs();
