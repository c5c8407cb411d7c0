/** Runs `ewzanim` in-process with captured output, and writes crafted files into temp folders. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { main } from '../../../cli/main';
import { nodeFileAccess } from '../../../node/fileAccess';
import type { FileAccess } from '../../../formats/fileAccess';

export const REPO = resolve(__dirname, '..', '..', '..');
export const UPSTREAM = 'test/fixtures/upstream';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs with the repository root as working directory, so relative fixture paths work. */
export async function runCli(args: string[], access: FileAccess = nodeFileAccess): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const cwd = process.cwd();
  process.chdir(REPO);
  try {
    const status = await main(args, {
      access,
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
    });
    return { status, stdout, stderr };
  } finally {
    process.chdir(cwd);
  }
}

/** A temp folder with the given files (relative path -> bytes); `dispose` deletes it. */
export function tempTree(files: Record<string, Uint8Array | string>): { root: string; dispose: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'ewzanim-cli-test-'));
  for (const [relative, content] of Object.entries(files)) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/** A clip of `bones` x `frames` whose every record is `record` (16 bytes). */
export function uniformClip(bones: number, frames: number, record: readonly number[], flags = 0): Uint8Array {
  const bytes = new Uint8Array(4 + bones * frames * 16);
  bytes.set([bones, flags, frames & 0xff, frames >> 8]);
  for (let r = 0; r < bones * frames; r++) bytes.set(record, 4 + r * 16);
  return bytes;
}

/** Identity rotation (0x80200803), position 0, scale 1. */
export const IDENTITY_RECORD = [0x03, 0x08, 0x20, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x3c, 0, 0x3c, 0, 0x3c];
