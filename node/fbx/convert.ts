/**
 * An .fbx to a binary glTF through FBX2glTF, in a private temporary folder that is removed
 * afterwards (the FBX SDK's own temporary files included): `--binary --anim-framerate bake<fps>`
 * at the export's frame rate, so the clip samples the converter's keys and nothing is resampled
 * twice. FBX2glTF bakes at 24, 30 or 60 fps only; another rate is baked at 60 and says so.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FbxConversionError } from './conversionError';

export { FbxConversionError } from './conversionError';

export const FBX2GLTF_BAKE_RATES = [24, 30, 60] as const;

export interface FbxConversion {
  /** The .glb's bytes. */
  glb: Uint8Array;
  /** FBX2glTF's warnings, one line each, and a line when the frame rate could not be baked as asked. */
  warnings: string[];
  /** The rate FBX2glTF baked the animation at. */
  bakedAt: number;
}

/** The bake rate for an export at `frameRate`: itself when FBX2glTF offers it, else 60. */
export function bakeRateFor(frameRate: number): number {
  return (FBX2GLTF_BAKE_RATES as readonly number[]).includes(frameRate) ? frameRate : 60;
}

/** FBX2glTF's warning lines: `Warning: ...` with its indented continuation lines joined. */
export function converterWarnings(output: string): string[] {
  const warnings: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    const warning = /^\s*warning:\s*(.*)$/i.exec(line);
    if (warning) warnings.push(warning[1].trim());
    else if (warnings.length && /^\s{2,}\S/.test(line) && !/^\s*(animation|wrote|mesh|node)\b/i.test(line)) warnings[warnings.length - 1] += ` ${line.trim()}`;
  }
  return warnings;
}

function run(tool: string, args: string[]): Promise<{ status: number | null; output: string; error?: Error }> {
  return new Promise((done) => {
    let output = '';
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => done({ status: null, output, error }));
    child.on('close', (status) => done({ status, output }));
  });
}

/** Converts `fbxPath` with the FBX2glTF binary `tool`; throws FbxConversionError with its output's end when it fails. */
export async function convertFbx(tool: string, fbxPath: string, frameRate: number): Promise<FbxConversion> {
  const bakedAt = bakeRateFor(frameRate);
  const folder = await mkdtemp(join(tmpdir(), 'ewzanim-fbx-'));
  try {
    const output = join(folder, 'model');
    await mkdir(join(folder, 'sdk'));
    const result = await run(tool, ['--binary', '--anim-framerate', `bake${bakedAt}`, '--fbx-temp-dir', join(folder, 'sdk'), '--input', fbxPath, '--output', output]);
    const tail = result.output.trim().split(/\r?\n/).slice(-6).join(' | ');
    if (result.error) throw new FbxConversionError(`FBX2glTF (${tool}) could not be started: ${result.error.message}`);
    if (result.status !== 0) throw new FbxConversionError(`FBX2glTF could not convert it (exit status ${result.status}): ${tail || 'no output'}`);
    let glb: Uint8Array;
    try {
      glb = await readFile(`${output}.glb`);
    } catch {
      throw new FbxConversionError(`FBX2glTF wrote no .glb: ${tail || 'no output'}`);
    }
    const warnings = converterWarnings(result.output);
    if (bakedAt !== frameRate) warnings.push(`FBX2glTF bakes animations at 24, 30 or 60 fps only: baked at ${bakedAt} fps, then sampled at ${frameRate} fps`);
    return { glb, warnings, bakedAt };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
