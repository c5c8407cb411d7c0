/**
 * The mix file (`<name>.mix.json`, saved beside the clips): the mixer's layers and the meshes
 * attached to bones, so that the same mix can be shown again. A pure parser and serialiser with
 * a versioned schema; bad input is refused with a stable code (`mix/not-json`, `mix/version`,
 * `mix/invalid`) and a message naming the field.
 *
 * ```json
 * { "version": 1,
 *   "layers": [{ "clip": "walk.ewzanim", "layer": 0, "weight": 1, "speed": 1, "additive": false, "mask": null }],
 *   "attachments": [{ "mesh": "builtin:box", "bone": 12, "position": [0, 0.1, 0], "rotation": [0, 0, 0, 1], "scale": 1 }] }
 * ```
 * Clip and mesh paths are relative to the mix file's folder; `builtin:box` is a shape the
 * preview draws itself. A mask is null (every bone) or one weight per bone of the clip, 0..1.
 */

import { formatDecimals } from '../numberText';

export const MIX_FILE_VERSION = 1;
export const BUILTIN_MESH_PREFIX = 'builtin:';

export interface MixLayerSpec {
  /** The clip's path relative to the mix file. */
  clip: string;
  /** Layers blend in ascending order. */
  layer: number;
  weight: number;
  speed: number;
  additive: boolean;
  /** One weight per bone (0..1); null: every bone at 1. */
  mask: number[] | null;
}

export interface AttachmentSpec {
  /** A mesh path relative to the mix file, or `builtin:box`. */
  mesh: string;
  bone: number;
  position: [number, number, number];
  /** A unit quaternion x y z w. */
  rotation: [number, number, number, number];
  scale: number;
}

export interface MixFile {
  version: typeof MIX_FILE_VERSION;
  layers: MixLayerSpec[];
  attachments: AttachmentSpec[];
}

export type MixFileErrorCode = 'mix/not-json' | 'mix/version' | 'mix/invalid';

export class MixFileError extends Error {
  constructor(readonly code: MixFileErrorCode, message: string) {
    super(message);
    this.name = 'MixFileError';
  }
}

/** The mix file's text: two-space JSON, fields in schema order, a final newline. */
export function serializeMix(mix: Omit<MixFile, 'version'>): string {
  const file: MixFile = {
    version: MIX_FILE_VERSION,
    layers: mix.layers.map((l) => ({ clip: l.clip, layer: l.layer, weight: l.weight, speed: l.speed, additive: l.additive, mask: l.mask })),
    attachments: mix.attachments.map((a) => ({ mesh: a.mesh, bone: a.bone, position: a.position, rotation: a.rotation, scale: a.scale })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads a mix file's text; throws MixFileError. Missing optional fields take their defaults. */
export function parseMix(text: string): MixFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new MixFileError('mix/not-json', `not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = record(data, 'the file');
  if (root.version !== MIX_FILE_VERSION) {
    throw new MixFileError('mix/version', `version ${JSON.stringify(root.version)} is not supported (this reader knows version ${MIX_FILE_VERSION})`);
  }
  const layers = list(root.layers ?? [], 'layers').map((value, i) => parseLayer(value, `layers[${i}]`));
  const attachments = list(root.attachments ?? [], 'attachments').map((value, i) => parseAttachment(value, `attachments[${i}]`));
  return { version: MIX_FILE_VERSION, layers, attachments };
}

function parseLayer(value: unknown, at: string): MixLayerSpec {
  const o = record(value, at);
  const mask = o.mask === undefined || o.mask === null ? null : list(o.mask, `${at}.mask`).map((w, b) => number(w, `${at}.mask[${b}]`, 0, 1));
  return {
    clip: path(o.clip, `${at}.clip`),
    layer: integer(o.layer ?? 0, `${at}.layer`, 0, 255),
    weight: number(o.weight ?? 1, `${at}.weight`, 0, Number.MAX_VALUE),
    speed: number(o.speed ?? 1, `${at}.speed`, -Number.MAX_VALUE, Number.MAX_VALUE),
    additive: boolean(o.additive ?? false, `${at}.additive`),
    mask,
  };
}

function parseAttachment(value: unknown, at: string): AttachmentSpec {
  const o = record(value, at);
  const position = tuple(o.position ?? [0, 0, 0], 3, `${at}.position`) as AttachmentSpec['position'];
  const rotation = tuple(o.rotation ?? [0, 0, 0, 1], 4, `${at}.rotation`) as AttachmentSpec['rotation'];
  const length = Math.hypot(...rotation);
  if (Math.abs(length - 1) > 1e-3) fail(`${at}.rotation`, `is not a unit quaternion (length ${formatDecimals(length, 4)})`);
  return {
    mesh: path(o.mesh, `${at}.mesh`),
    bone: integer(o.bone, `${at}.bone`, 0, 255),
    position,
    rotation,
    scale: number(o.scale ?? 1, `${at}.scale`, Number.MIN_VALUE, Number.MAX_VALUE),
  };
}

function fail(at: string, what: string): never {
  throw new MixFileError('mix/invalid', `${at} ${what}`);
}

function record(value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(at, 'must be an object');
  return value as Record<string, unknown>;
}

function list(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) fail(at, 'must be a list');
  return value;
}

function number(value: unknown, at: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(at, 'must be a number');
  if (value < min || value > max) fail(at, `must be between ${min} and ${max === Number.MAX_VALUE ? 'any' : max}`);
  return value;
}

function integer(value: unknown, at: string, min: number, max: number): number {
  const n = number(value, at, min, max);
  if (!Number.isInteger(n)) fail(at, 'must be a whole number');
  return n;
}

function boolean(value: unknown, at: string): boolean {
  if (typeof value !== 'boolean') fail(at, 'must be true or false');
  return value;
}

function tuple(value: unknown, length: number, at: string): number[] {
  const items = list(value, at);
  if (items.length !== length) fail(at, `must hold ${length} numbers`);
  return items.map((v, i) => number(v, `${at}[${i}]`, -Number.MAX_VALUE, Number.MAX_VALUE));
}

/** A path relative to the mix file's folder (never absolute), or a built-in shape. */
function path(value: unknown, at: string): string {
  if (typeof value !== 'string' || !value) fail(at, 'must be a file path');
  if (value.startsWith(BUILTIN_MESH_PREFIX)) return value;
  if (/^([a-z]:)?[\\/]/i.test(value)) fail(at, 'must be a path relative to the mix file');
  return value;
}
