/**
 * What the manifest rules need from a .gltf/.glb: its skins (name, joint count) and the names
 * of its animations. Read with a real glTF library (@gltf-transform/core) from bytes fetched
 * through `FileAccess`; any failure becomes `error`, never an exception.
 */
import { Logger, WebIO, type JSONDocument } from '@gltf-transform/core';
import type { FileAccess } from '../fileAccess';
import { directoryOf, resolveManifestPath } from './paths';

export interface GltfSkinInfo {
  name: string;
  jointCount: number;
}

export interface GltfInfo {
  skins: GltfSkinInfo[];
  animations: string[];
  /** Highest JOINTS_0 value of any mesh primitive, when the file has skinned meshes. */
  maxJointIndex?: number;
  /** Set when the file could not be read as glTF: what went wrong. */
  error?: string;
}

/**
 * A glTF is read whole (the library needs its buffers). Past this size we say so instead of
 * loading it: the rules then simply know nothing about its skins and animations.
 */
export const MAX_GLTF_BYTES = 64 * 1024 * 1024;

const textDecoder = new TextDecoder('utf-8', { fatal: false });

function newReader(): WebIO {
  return new WebIO().setLogger(new Logger(Logger.Verbosity.SILENT));
}

async function readAll(access: FileAccess, path: string, size: number): Promise<Uint8Array> {
  return access.read(path, 0, size);
}

function isDataUri(uri: string): boolean {
  return uri.startsWith('data:');
}

/** A .gltf's external buffers, read through `access`; its images replaced by empty bytes. */
async function externalResources(access: FileAccess, gltfPath: string, json: Record<string, unknown>): Promise<Record<string, Uint8Array>> {
  const resources: Record<string, Uint8Array> = {};
  const folder = directoryOf(gltfPath);
  const buffers = Array.isArray(json.buffers) ? (json.buffers as { uri?: unknown }[]) : [];
  for (const buffer of buffers) {
    if (typeof buffer?.uri !== 'string' || isDataUri(buffer.uri)) continue;
    const path = resolveManifestPath(folder, decodeURIComponent(buffer.uri));
    const stat = await access.stat(path);
    if (!stat || stat.isDirectory) throw new Error(`its buffer "${buffer.uri}" does not exist`);
    if (stat.size > MAX_GLTF_BYTES) throw new Error(`its buffer "${buffer.uri}" is larger than ${MAX_GLTF_BYTES} bytes`);
    resources[buffer.uri] = await readAll(access, path, stat.size);
  }
  // Images are irrelevant to skins and animations: do not read them.
  const images = Array.isArray(json.images) ? (json.images as { uri?: unknown }[]) : [];
  for (const image of images) {
    if (typeof image?.uri === 'string' && !isDataUri(image.uri)) resources[image.uri] = new Uint8Array(0);
  }
  return resources;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function readGltfInfo(access: FileAccess, path: string, size: number): Promise<GltfInfo> {
  if (size > MAX_GLTF_BYTES) {
    return { skins: [], animations: [], error: `it is larger than ${MAX_GLTF_BYTES / 1024 / 1024} MiB, too large to inspect` };
  }
  try {
    const bytes = await readAll(access, path, size);
    const io = newReader();
    const isBinary = bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46; // "glTF"
    let document;
    if (isBinary) {
      document = await io.readBinary(bytes);
    } else {
      const json = JSON.parse(textDecoder.decode(bytes)) as unknown;
      if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('it is not a glTF JSON object');
      const record = json as Record<string, unknown>;
      const jsonDocument: JSONDocument = { json: record as unknown as JSONDocument['json'], resources: (await externalResources(access, path, record)) as JSONDocument['resources'] };
      document = await io.readJSON(jsonDocument);
    }
    const root = document.getRoot();
    const info: GltfInfo = {
      skins: root.listSkins().map((skin) => ({ name: skin.getName(), jointCount: skin.listJoints().length })),
      animations: root.listAnimations().map((animation) => animation.getName()),
    };
    for (const mesh of root.listMeshes()) {
      for (const primitive of mesh.listPrimitives()) {
        const joints = primitive.getAttribute('JOINTS_0');
        if (!joints) continue;
        const max = joints.getMax([]) as number[];
        info.maxJointIndex = Math.max(info.maxJointIndex ?? 0, ...max);
      }
    }
    return info;
  } catch (error) {
    return { skins: [], animations: [], error: describe(error) };
  }
}
