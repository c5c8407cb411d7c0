/**
 * Reads a .gltf/.glb into a @gltf-transform Document, from bytes or through `FileAccess` (a
 * .gltf's external buffers resolved beside it; its images replaced by empty bytes, since no
 * export or rule looks at pixels). The Khronos and EXT extensions are registered, so files that
 * require KHR_mesh_quantization, KHR_texture_transform or material extensions read; Draco and
 * meshopt compressed files read when their decoders are passed in (`GltfDecoders`). A required
 * extension that still cannot be read is refused by name (`GltfReadError`,
 * `gltf/unsupported-extension`) before the library sees the file.
 */
import { Logger, WebIO, type Document, type JSONDocument } from '@gltf-transform/core';
import type { FileAccess } from '../fileAccess';
import { directoryOf, resolveManifestPath } from '../paths';
import { NO_DECODERS, type GltfDecoders } from './decoders';
import { MESHOPT_EXTENSION, readableExtensions, unsupportedRequiredExtension } from './requiredExtensions';

/** What a hover or a manifest rule reads at most: past this a file is "too large to inspect". */
export const MAX_GLTF_INSPECT_BYTES = 64 * 1024 * 1024;
/** What an export reads at most (the library holds the whole file and its buffers in memory). */
export const MAX_GLTF_EXPORT_BYTES = 1024 * 1024 * 1024;

const textDecoder = new TextDecoder('utf-8', { fatal: false });

/** Why a file cannot be read: `gltf/unreadable` or `gltf/unsupported-extension`, with a message that says what to do. */
export class GltfReadError extends Error {
  constructor(
    readonly code: 'gltf/unreadable' | 'gltf/unsupported-extension',
    message: string,
  ) {
    super(message);
    this.name = 'GltfReadError';
  }
}

function newReader(decoders: GltfDecoders): WebIO {
  const io = new WebIO().setLogger(new Logger(Logger.Verbosity.SILENT)).registerExtensions(readableExtensions(decoders));
  return io.registerDependencies({
    ...(decoders.draco ? { 'draco3d.decoder': decoders.draco } : {}),
    ...(decoders.meshopt ? { 'meshopt.decoder': decoders.meshopt } : {}),
  });
}

const GLB_HEADER_BYTES = 12;
const GLB_CHUNK_JSON = 0x4e4f534a;

/** A GLB's JSON chunk, parsed; undefined when the chunk is not there (the library then says what is wrong). */
function glbJson(bytes: Uint8Array): Record<string, unknown> | undefined {
  if (bytes.length < GLB_HEADER_BYTES + 8) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(GLB_HEADER_BYTES, true);
  if (view.getUint32(GLB_HEADER_BYTES + 4, true) !== GLB_CHUNK_JSON || GLB_HEADER_BYTES + 8 + length > bytes.length) return undefined;
  try {
    return parseJson(bytes.subarray(GLB_HEADER_BYTES + 8, GLB_HEADER_BYTES + 8 + length));
  } catch {
    return undefined;
  }
}

/** Throws `gltf/unsupported-extension` for the first required extension that cannot be read. */
function refuseUnsupported(json: Record<string, unknown> | undefined, decoders: GltfDecoders): void {
  const unsupported = json && unsupportedRequiredExtension(json, decoders);
  if (unsupported) throw new GltfReadError('gltf/unsupported-extension', unsupported.message);
}

/**
 * The library's error text, with the extension named where a decoder's own text does not name it
 * (glTF-Transform prefixes Draco's errors with `[KHR_draco_mesh_compression]`; meshoptimizer's
 * decoder says only "Malformed buffer data").
 */
function readErrorText(error: unknown): string {
  const message = errorMessage(error);
  return /^Malformed buffer data\b/.test(message) ? `[${MESHOPT_EXTENSION}] ${message}` : message;
}

/** Runs the library's reader; its errors become `gltf/unreadable`. */
async function libraryRead(read: () => Promise<Document>): Promise<Document> {
  try {
    return await read();
  } catch (error) {
    throw error instanceof GltfReadError ? error : new GltfReadError('gltf/unreadable', readErrorText(error));
  }
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

function parseGltfJson(bytes: Uint8Array): Record<string, unknown> {
  try {
    return parseJson(bytes);
  } catch (error) {
    throw new GltfReadError('gltf/unreadable', errorMessage(error));
  }
}

function readGlb(bytes: Uint8Array, decoders: GltfDecoders): Promise<Document> {
  refuseUnsupported(glbJson(bytes), decoders);
  return libraryRead(() => newReader(decoders).readBinary(bytes));
}

function readJson(json: Record<string, unknown>, resources: Record<string, Uint8Array>, decoders: GltfDecoders): Promise<Document> {
  refuseUnsupported(json, decoders);
  return libraryRead(() => newReader(decoders).readJSON({ json: json as unknown as JSONDocument['json'], resources: resources as JSONDocument['resources'] }));
}

/**
 * The document of a .glb's bytes, or of a .gltf's bytes with its external buffers given by URI
 * (as written in the file). Throws a `GltfReadError` whose message says what is wrong.
 */
export async function readGltfBytes(bytes: Uint8Array, resources: Record<string, Uint8Array> = {}, decoders: GltfDecoders = NO_DECODERS): Promise<Document> {
  return isGlb(bytes) ? readGlb(bytes, decoders) : readJson(parseGltfJson(bytes), resources, decoders);
}

/**
 * Reads the .gltf/.glb at `path` (and a .gltf's buffers) through `access`, with `decoders` for
 * compressed meshes. Throws a `GltfReadError` when the file cannot be read, an Error when
 * `access` fails.
 */
export async function loadGltfDocument(access: FileAccess, path: string, size: number, maxBytes = MAX_GLTF_EXPORT_BYTES, decoders: GltfDecoders = NO_DECODERS): Promise<Document> {
  if (size > maxBytes) throw new GltfReadError('gltf/unreadable', `it is larger than ${mib(maxBytes)}, too large to read`);
  const bytes = await access.read(path, 0, size);
  if (isGlb(bytes)) return readGlb(bytes, decoders);
  const json = parseGltfJson(bytes);
  return readJson(json, await externalResources(access, path, json, maxBytes), decoders);
}

/** The message of anything thrown, for "cannot read ...: <reason>". */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
