/**
 * The workspace of the performance issue: `clips` clips of `bones` x `frames` keyframes under
 * `clips/` and one `nether.toml` listing them all with one skeleton. Shared by the `check` and
 * language server rows, so both measure the same bytes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIP_HEADER_SIZE } from '../formats/clip';
import { skeletonBytes } from '../test/unit/manifest/assetBytes';
import { keyframeRecords } from './clipData';

export interface WorkspaceShape {
  clips: number;
  bones: number;
  frames: number;
}

/** The issue's workspace: 10,000 clips of 40 bones x 60 frames (38,404 bytes each). */
export const ISSUE_WORKSPACE: WorkspaceShape = { clips: 10_000, bones: 40, frames: 60 };

/** A legal clip with varied (realistic) keyframes. */
export function variedClipBytes(bones: number, frames: number): Uint8Array {
  const records = keyframeRecords(bones * frames);
  const out = new Uint8Array(CLIP_HEADER_SIZE + records.length);
  out.set([bones, 0, frames & 0xff, frames >>> 8]);
  out.set(records, CLIP_HEADER_SIZE);
  return out;
}

/** Writes the workspace into `folder`; returns every file written (the bytes a check must read). */
export async function writeCheckWorkspace(folder: string, shape: WorkspaceShape): Promise<string[]> {
  await mkdir(join(folder, 'clips'), { recursive: true });
  const clip = variedClipBytes(shape.bones, shape.frames);
  const files: string[] = [];
  const sections = ['[game]\nid = "perf-bench"\ntitle = "Perf bench"\nauthor = "ewzanim"\nversion = "1.0.0"\n'];
  const rig = join(folder, 'rig.nczxskel');
  await writeFile(rig, skeletonBytes(shape.bones));
  files.push(rig);
  sections.push('[[assets.skeletons]]\nid = "rig"\npath = "rig.nczxskel"\n');
  for (let i = 0; i < shape.clips; i++) {
    const path = join(folder, `clips/c${i}.nczxanim`);
    await writeFile(path, clip);
    files.push(path);
    sections.push(`[[assets.animations]]\nid = "c${i}"\npath = "clips/c${i}.nczxanim"\nskeleton = "rig"\n`);
  }
  const manifest = join(folder, 'nether.toml');
  await writeFile(manifest, sections.join('\n'));
  files.push(manifest);
  return files;
}
