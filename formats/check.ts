/**
 * Checks one file: the dispatcher. `checkFile` adds stat, kind by extension (or magic) and read
 * failures (`checkPathOnce.ts`), then hands a manifest to `manifest/checkManifestFile` and a
 * binary to `checkBytes`; both sit below this module and never import it.
 */
import type { BinaryCheckPool } from './checkPool';
import { type FileCheck, checkPathOnce } from './checkPathOnce';
import { type CheckOptions, DEFAULT_CHECK_OPTIONS, type FileCheckResult } from './checkResult';
import type { FileAccess } from './fileAccess';
import { type FileKind, kindOfPath } from './fileKinds';
import { checkManifestFile } from './manifest/checkManifestFile';

export { type BinaryKind, checkBytes, HEAD_BYTES } from './checkBytes';
export { type CheckOptions, DEFAULT_CHECK_OPTIONS, type FileCheckResult } from './checkResult';
export type { FileCheck } from './checkPathOnce';

/**
 * stat + kind by extension + `checkBytes`; a manifest path runs the manifest rules
 * (`formats/manifest`). Missing files and unknown extensions become
 * diagnostics, never exceptions.
 */
export async function checkFile(access: FileAccess, path: string, options: CheckOptions = DEFAULT_CHECK_OPTIONS): Promise<FileCheckResult> {
  return checkFileAs(access, path, kindOfPath(path, options.kinds), options);
}

/**
 * `checkFile` for a file whose kind the caller decided already (the workspace walk, a CLI
 * argument): no second decision by name. Undefined: the magic of its first bytes decides.
 */
export async function checkFileAs(access: FileAccess, path: string, named: FileKind | undefined, options: CheckOptions = DEFAULT_CHECK_OPTIONS): Promise<FileCheckResult> {
  return (await checkFileOnce(access, path, named, options)).result;
}

/**
 * `checkFileAs` that also returns the stat and the first bytes. A file no larger than one piece
 * (`chunkBytes`, default 4 MiB) is opened and read once; a larger one is streamed in pieces.
 * With `pool`, a binary file's content check runs there (same result).
 */
export function checkFileOnce(access: FileAccess, path: string, named: FileKind | undefined, options: CheckOptions = DEFAULT_CHECK_OPTIONS, pool?: BinaryCheckPool): Promise<FileCheck> {
  return checkPathOnce(access, path, named, options, pool, checkManifestFile);
}
