/**
 * Checks one file: the dispatcher. `checkFile` adds stat, kind by extension (or magic) and read
 * failures, then hands a manifest to `manifest/checkManifestFile` and a binary to `checkBytes`;
 * both sit below this module and never import it.
 */
import { unreadableFileDiagnostic as unreadable } from './checkBytes';
import { type BinaryFileCheck, checkBinaryFile } from './checkBinaryFile';
import type { BinaryKind } from './checkBytes';
import { type BinaryCheckPool, pooledOptions, withBoneNames } from './checkPool';
import { type CheckOptions, DEFAULT_CHECK_OPTIONS, type FileCheckResult } from './checkResult';
import { binaryDiagnostic } from './diagnosticCodes';
import type { FileAccess, FileStat } from './fileAccess';
import { type FileKind, kindByMagic, kindOfPath } from './fileKinds';
import { checkManifestFile } from './manifest/checkManifestFile';

export { type BinaryKind, checkBytes, HEAD_BYTES } from './checkBytes';
export { type CheckOptions, DEFAULT_CHECK_OPTIONS, type FileCheckResult } from './checkResult';

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

/** A file's check and what it learned on the way, so that other rules need not read the file again. */
export interface FileCheck {
  result: FileCheckResult;
  /** The stat the check was made against (absent when there was none). */
  stat?: FileStat;
  /** The file's first bytes as read (up to the whole file; at least the header when it was read). */
  head?: Uint8Array;
}

/**
 * `checkFileAs` that also returns the stat and the first bytes. A file no larger than one piece
 * (`chunkBytes`, default 4 MiB) is opened and read once; a larger one is streamed in pieces.
 * With `pool`, a binary file's content check runs there (same result).
 */
export async function checkFileOnce(access: FileAccess, path: string, named: FileKind | undefined, options: CheckOptions = DEFAULT_CHECK_OPTIONS, pool?: BinaryCheckPool): Promise<FileCheck> {
  let kind = named;
  if (kind?.kind === 'manifest') return { result: await checkManifestFile(access, path, options) };
  let stat;
  try {
    stat = await access.stat(path);
  } catch (error) {
    return { result: { path, kind: kind?.kind ?? 'unknown', diagnostics: [unreadable(path, error)] } };
  }
  if (!kind && stat?.isFile !== false && stat && !stat.isDirectory && stat.size >= 4) kind = await kindByMagic(access, path);
  if (!kind) {
    const result: FileCheckResult = {
      path,
      kind: 'unknown',
      diagnostics: [
        binaryDiagnostic(
          'file/unknown-kind',
          { start: 0, end: 0 },
          `${path} has an extension the tools do not know; expected .nczxanim/.ewzanim, .nczxskel/.ewzskel, .nczxmesh/.nczmesh/.ewzmesh, .nczx/.ewzx/.ewz, nether.toml/ember.toml, or an NRes model (.msh).`,
        ),
      ],
    };
    return { result, stat };
  }
  if (!stat || stat.isDirectory || stat.isFile === false) {
    // A FIFO or a device is never opened: a read could wait forever.
    const why = !stat ? 'no such file' : stat.isDirectory ? 'it is a directory' : 'it is not a regular file (a FIFO, socket or device)';
    return { result: { path, kind: kind.kind, diagnostics: [unreadable(path, new Error(why))] }, stat };
  }
  const binary = kind.kind;
  if (binary === 'manifest') return { result: await checkManifestFile(access, path, options), stat };
  // A pool reads the file through its own access: the caller passes one only where that is `access` too.
  const checked = (pool && (await pooledCheck(pool, path, binary, stat, options))) || (await checkBinaryFile(access, path, binary, stat, options));
  return { ...checked, stat };
}

/** The pool's check, or undefined where the pool failed (a worker that died): then this thread checks. */
async function pooledCheck(pool: BinaryCheckPool, path: string, kind: BinaryKind, stat: FileStat, options: CheckOptions): Promise<BinaryFileCheck | undefined> {
  let checked: BinaryFileCheck;
  try {
    checked = await pool.check(path, kind, stat, pooledOptions(options));
  } catch {
    return undefined;
  }
  return withBoneNames(checked, options);
}
