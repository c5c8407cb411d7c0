/**
 * Reads a .gltf/.glb into a @gltf-transform Document, from bytes or through `FileAccess` (a
 * .gltf's external buffers resolved beside it; its images replaced by empty bytes, since no
 * export or rule looks at pixels). The Khronos and EXT extensions are registered, so files that
 * require KHR_mesh_quantization (or use material extensions) read; an extension that needs a
 * decoder this package does not carry (Draco, meshopt) fails with the library's message.
 */
import { Logger, WebIO, type Document, type JSONDocument } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import type { FileAccess } from '../fileAccess';
import { directoryOf, resolveManifestPath } from '../paths';

/** What a hover or a manifest rule reads at most: past this a file is "too large to inspect". */
export const MAX_GLTF_INSPECT_BYTES = 64 * 1024 * 1024;
/** What an export reads at most (the library holds the whole file and its buffers in memory). */
export const MAX_GLTF_EXPORT_BYTES = 1024 * 1024 * 1024;

const textDecoder = new TextDecoder('utf-8', { fatal: false });

function newReader(): WebIO {
  return new WebIO().setLogger(new Logger(Logger.Verbosity.SILENT)).registerExtensions(ALL_EXTENSIONS);
}

/** A GLB starts with the magic "glTF". */
export function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
}

function isDataUri(uri: string): boolean {
  return uri.startsWith('data:');
}

function mib(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}

/** A .gltf's external buffers, read through `access`; its images replaced by empty bytes. */
async function externalResources(access: FileAccess, gltfPath: string, json: Record<string, unknown>, maxBytes: number): Promise<Record<string, Uint8Array>> {
  const resources: Record<string, Uint8Array> = {};
  const folder = directoryOf(gltfPath);
  const buffers = Array.isArray(json.buffers) ? (json.buffers as { uri?: unknown }[]) : [];
  for (const buffer of buffers) {
    if (typeof buffer?.uri !== 'string' || isDataUri(buffer.uri)) continue;
    const path = resolveManifestPath(folder, decodeURIComponent(buffer.uri));
    const stat = await access.stat(path);
    if (!stat || stat.isDirectory) throw new Error(`its buffer "${buffer.uri}" does not exist`);
    if (stat.size > maxBytes) throw new Error(`its buffer "${buffer.uri}" is larger than ${mib(maxBytes)}`);
    resources[buffer.uri] = await access.read(path, 0, stat.size);
  }
  const images = Array.isArray(json.images) ? (json.images as { uri?: unknown }[]) : [];
  for (const image of images) {
    if (typeof image?.uri === 'string' && !isDataUri(image.uri)) resources[image.uri] = new Uint8Array(0);
  }
  return resources;
}

function parseJson(bytes: Uint8Array): Record<string, unknown> {
  const json = JSON.parse(textDecoder.decode(bytes)) as unknown;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('it is not a glTF JSON object');
  return json as Record<string, unknown>;
}

/**
 * The document of a .glb's bytes, or of a .gltf's bytes with its external buffers given by URI
 * (as written in the file). Throws an Error whose message says what is wrong.
 */
export async function readGltfBytes(bytes: Uint8Array, resources: Record<string, Uint8Array> = {}): Promise<Document> {
  return isGlb(bytes) ? newReader().readBinary(bytes) : readJson(parseJson(bytes), resources);
}

function readJson(json: Record<string, unknown>, resources: Record<string, Uint8Array>): Promise<Document> {
  return newReader().readJSON({ json: json as unknown as JSONDocument['json'], resources: resources as JSONDocument['resources'] });
}

/** Reads the .gltf/.glb at `path` (and a .gltf's buffers) through `access`. Throws an Error on failure. */
export async function loadGltfDocument(access: FileAccess, path: string, size: number, maxBytes = MAX_GLTF_EXPORT_BYTES): Promise<Document> {
  if (size > maxBytes) throw new Error(`it is larger than ${mib(maxBytes)}, too large to read`);
  const bytes = await access.read(path, 0, size);
  if (isGlb(bytes)) return readGltfBytes(bytes);
  const json = parseJson(bytes);
  return readJson(json, await externalResources(access, path, json, maxBytes));
}

/** The message of anything thrown, for "cannot read ...: <reason>". */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
