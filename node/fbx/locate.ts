/**
 * Where FBX2glTF (the FBX -> glTF converter built on Autodesk's FBX SDK, npm `fbx2gltf`) is on
 * this machine: the configured path (the setting `ewzanim.fbx2gltf.path` or the CLI's
 * `--fbx2gltf`), else `FBX2glTF` on PATH, else the npm package's binary in a node_modules folder
 * at or above the model's folder or the working folder (what `npx fbx2gltf` would run). It is
 * never bundled: a user installs it. When it cannot run, the message says how to install it or
 * make it executable.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

export interface LocateOptions {
  /** The setting's or option's path; when given, nothing else is searched. */
  configuredPath?: string;
  /** Where the path came from, for messages ("ewzanim.fbx2gltf.path", "--fbx2gltf"). */
  configuredBy?: string;
  /** The PATH to search (`process.env.PATH`). */
  searchPath?: string;
  /** Folders to look for node_modules/fbx2gltf at or above (the model's folder, the working folder). */
  searchFrom: readonly string[];
  platform?: NodeJS.Platform;
}

export type Fbx2gltfLookup = { found: string } | { problem: string };

/** The npm package's folder name for this platform (`os.type()`), as its own index.js picks it. */
function packagePlatformFolder(platform: NodeJS.Platform): string | undefined {
  return ({ linux: 'Linux', darwin: 'Darwin', win32: 'Windows_NT' } as Partial<Record<NodeJS.Platform, string>>)[platform];
}

function executableName(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'FBX2glTF.exe' : 'FBX2glTF';
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isExecutable(path: string, platform: NodeJS.Platform): boolean {
  if (platform === 'win32') return true;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The install instructions, for the message when nothing was found. */
export function installHint(platform: NodeJS.Platform = process.platform): string {
  const folder = packagePlatformFolder(platform);
  const chmod = platform === 'win32' || !folder ? '' : `, then \`chmod +x node_modules/fbx2gltf/bin/${folder}/FBX2glTF\` (the package ships it without its executable bit)`;
  return `install it with \`npm install --save-dev fbx2gltf\` in the project${chmod}, or put FBX2glTF on PATH, or set ewzanim.fbx2gltf.path (the CLI: --fbx2gltf PATH) to the FBX2glTF binary`;
}

function notExecutable(path: string): string {
  return `FBX2glTF at ${path} is not executable: run \`chmod +x ${path}\` (the npm package fbx2gltf ships its binary without the executable bit)`;
}

function onPath(searchPath: string, platform: NodeJS.Platform): string | undefined {
  const names = platform === 'win32' ? ['FBX2glTF.exe'] : ['FBX2glTF', 'fbx2gltf'];
  for (const folder of searchPath.split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = join(folder, name);
      if (isFile(candidate) && isExecutable(candidate, platform)) return candidate;
    }
  }
  return undefined;
}

function inNodeModules(from: string, platform: NodeJS.Platform): string | undefined {
  const folder = packagePlatformFolder(platform);
  if (!folder) return undefined;
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', 'fbx2gltf', 'bin', folder, executableName(platform));
    if (isFile(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The converter to run, or what is wrong and how to fix it. */
export function locateFbx2gltf(options: LocateOptions): Fbx2gltfLookup {
  const platform = options.platform ?? process.platform;
  if (options.configuredPath) {
    const path = resolve(options.configuredPath);
    if (!isFile(path)) return { problem: `${options.configuredBy ?? 'the configured FBX2glTF path'} names ${path}, which is not a file: ${installHint(platform)}` };
    return isExecutable(path, platform) ? { found: path } : { problem: notExecutable(path) };
  }
  const found = onPath(options.searchPath ?? '', platform);
  if (found) return { found };
  for (const from of options.searchFrom) {
    const packaged = inNodeModules(from, platform);
    if (packaged) return isExecutable(packaged, platform) ? { found: packaged } : { problem: notExecutable(packaged) };
  }
  return { problem: `FBX2glTF, which converts .fbx files to glTF, was not found: ${installHint(platform)}` };
}
