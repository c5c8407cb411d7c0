/**
 * How the hex editor reads, fingerprints and writes its file. The entry point chooses it: on the
 * desktop local files are read in pieces through an open handle (nodeHexDisk.ts: a 267 MB clip
 * is never loaded whole); in VS Code for the Web (and for other schemes on the desktop)
 * `vscode.workspace.fs` has no ranged read, so the file is read whole (`workspaceHexDisk`).
 */
import * as vscode from 'vscode';
import { memoryByteSource, type ByteSource } from '../../../formats/fileAccess';
import { workspaceWriteFile, type WriteFile } from '../uriFileAccess';

/**
 * What identifies one version of a file. Two versions are the same when their keys are equal.
 * On the desktop: size, modification time, identity (device and inode) and a hash of the first
 * and last 64 KiB; through `workspace.fs`: size and modification time (identity 0, no sample).
 */
export interface DiskVersion {
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
  sample: string;
  /** All of the above as one comparable string. */
  key: string;
}

/** The bytes of one version of the file, as the editor opened them. */
export interface DiskSource extends ByteSource {
  /** The version opened; absent when it is not known (bytes restored from a backup). */
  readonly version?: DiskVersion;
  /** True when the opened bytes themselves changed since (a file rewritten in place under an open handle). */
  rewrittenInPlace?(): Promise<boolean>;
  close?(): Promise<void>;
}

export interface HexDiskAccess {
  open(uri: vscode.Uri): Promise<DiskSource>;
  /** The version of the file now; undefined when nothing is there. */
  version(uri: vscode.Uri): Promise<DiskVersion | undefined>;
  /**
   * True when the bytes of the file now under each run equal `base`'s (the version the edits
   * were made on); at most `limitBytes` of the runs are read, beyond that the version decides.
   */
  sameBytesUnder(uri: vscode.Uri, base: ByteSource, runs: readonly { offset: number; bytes: Uint8Array }[], limitBytes?: number): Promise<boolean>;
  write: WriteFile;
}

/** Runs at most this many bytes long are compared before a save (beyond: the version decides). */
export const SAME_BYTES_LIMIT = 1 << 20;

function versionOfStat(stat: vscode.FileStat): DiskVersion {
  return { size: stat.size, mtimeMs: stat.mtime, dev: 0, ino: 0, sample: '', key: `${stat.size}:${stat.mtime}` };
}

/** True when `a` under each run equals `b`, reading at most `limitBytes`. */
export async function sameBytes(a: ByteSource, b: ByteSource, runs: readonly { offset: number; bytes: Uint8Array }[], limitBytes = SAME_BYTES_LIMIT): Promise<boolean> {
  let budget = limitBytes;
  for (const run of runs) {
    if (budget <= 0) break;
    const length = Math.min(run.bytes.length, budget);
    budget -= length;
    const [one, other] = await Promise.all([a.read(run.offset, length), b.read(run.offset, length)]);
    if (one.length !== other.length || one.some((byte, i) => byte !== other[i])) return false;
  }
  return true;
}

/** The hex editor's disk through `vscode.workspace.fs`: each open reads the whole file. */
export const workspaceHexDisk: HexDiskAccess = {
  async open(uri) {
    const [stat, bytes] = await Promise.all([vscode.workspace.fs.stat(uri), vscode.workspace.fs.readFile(uri)]);
    // The bytes are held: a later change of the file never changes them.
    return { ...memoryByteSource(bytes), version: versionOfStat({ ...stat, size: bytes.length }), rewrittenInPlace: async () => false };
  },
  async version(uri) {
    try {
      return versionOfStat(await vscode.workspace.fs.stat(uri));
    } catch {
      return undefined;
    }
  },
  async sameBytesUnder(uri, base, runs, limitBytes) {
    let now: Uint8Array;
    try {
      now = await vscode.workspace.fs.readFile(uri);
    } catch {
      return true;
    }
    return sameBytes(memoryByteSource(now), base, runs, limitBytes);
  },
  write: workspaceWriteFile,
};
