/**
 * `checkFileOnce` without the manifest rules: stat, kind by magic, unreadable and unknown files,
 * then a binary file's content check. `check.ts` passes the manifest's check in; a worker thread
 * that checks only binary files passes none, and its bundle holds no TOML parser or glTF reader.
 */
import { unreadableFileDiagnostic as unreadable } from './checkBytes';
import { type BinaryFileCheck, checkBinaryFile } from './checkBinaryFile';
import type { BinaryKind } from './checkBytes';
import { type BinaryCheckPool, pooledOptions, withBoneNames } from './checkPool';
import { type CheckOptions, DEFAULT_CHECK_OPTIONS, type FileCheckResult } from './checkResult';
import { binaryDiagnostic } from './diagnosticCodes';
import type { FileAccess, FileStat } from './fileAccess';
import type { FileKind } from './fileKinds';
import { kindByMagic } from './fileKinds';

/** A file's check and what it learned on the way, so that other rules need not read the file again. */
export interface FileCheck {
  result: FileCheckResult;
  /** The stat the check was made against (absent when there was none). */
  stat?: FileStat;
  /** The file's first bytes as read (up to the whole file; at least the header when it was read). */
  head?: Uint8Array;
}

/** The manifest rules' check of a file (`manifest/checkManifestFile`), where the caller has them. */
export type ManifestCheck = (access: FileAccess, path: string, options: CheckOptions) => Promise<FileCheckResult>;

/** Where no manifest check is passed: a manifest is the caller's to check (a worker's batch answers it null). */
const NO_MANIFEST_CHECK: ManifestCheck = (_access, path) => Promise.reject(new Error(`${path} is a manifest: checked where the manifest rules are loaded`));

/**
 * `checkFileOnce` (`check.ts`) with the manifest's check passed in (`checkManifest`); without
 * one, a manifest throws. A file no larger than one piece (`chunkBytes`, default 4 MiB) is opened
 * and read once; a larger one is streamed in pieces. With `pool`, a binary file's content check
 * runs there (same result).
 */
export async function checkPathOnce(
  access: FileAccess,
  path: string,
  named: FileKind | undefined,
  options: CheckOptions = DEFAULT_CHECK_OPTIONS,
  pool?: BinaryCheckPool,
  checkManifest: ManifestCheck = NO_MANIFEST_CHECK,
): Promise<FileCheck> {
  let kind = named;
  if (kind?.kind === 'manifest') return { result: await checkManifest(access, path, options) };
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
  if (binary === 'manifest') return { result: await checkManifest(access, path, options), stat };
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
