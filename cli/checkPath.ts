/**
 * The one place that decides what `ewzanim check` does with a path: walks directories (the
 * core's workspace walk, the language server's too) and dispatches each file by kind to the
 * core. A file's kind is decided once (by the walk, or here for a file named on the command
 * line) and carried to the check. Add a kind here (manifests) and the CLI checks it.
 */
import { checkFileAs, checkManifestPack, type CheckOptions } from '../formats/index';
import { type AssetKind, type FileKind, KIND_SERVICES, kindByMagic, type KindOfPath, kindsByName } from '../formats/fileKinds';
import type { FileAccess } from '../formats/fileAccess';
import type { FormatDiagnostic } from '../formats/diagnostics';
import { DEFAULT_EXCLUDE, ExcludeFilter } from '../formats/workspace/exclude';
import { walkWorkspace } from '../formats/workspace/walk';
import { errorText } from './io';

export interface CheckedFile {
  /** As given on the command line, or the given directory joined with the walked names. */
  path: string;
  kind: AssetKind;
  diagnostics: FormatDiagnostic[];
}

/** A path that could not be checked at all (missing, unreadable, unsupported): exit status 2. */
export interface PathProblem {
  path: string;
  message: string;
}

export interface PathCheck {
  files: CheckedFile[];
  problems: PathProblem[];
}

/** `check` validates the kinds the registry gives a check (a manifest brings every asset it lists with it). */
const checkable = (kind: FileKind | undefined): kind is FileKind => kind !== undefined && KIND_SERVICES[kind.kind].check;

export interface PathCheckOptions extends CheckOptions {
  /** Globs a folder walk skips besides `node_modules`, `target` and hidden folders (`--exclude`). */
  exclude?: readonly string[];
  /** What a name is; default the registry with `kinds` (the user's MSH extensions). */
  kindOf?: KindOfPath;
}

/** The core reports read failures as this diagnostic; the CLI makes them exit status 2. */
export const UNREADABLE_CODE = 'file/unreadable';

async function checkOneFile(access: FileAccess, path: string, kind: FileKind, options: CheckOptions): Promise<CheckedFile | PathProblem> {
  const result = await checkFileAs(access, path, kind, options);
  const unreadable = result.diagnostics.find((d) => d.code === UNREADABLE_CODE);
  if (unreadable) return { path, message: unreadable.message };
  return { path, kind: kind.kind, diagnostics: result.diagnostics };
}

/** A folder: the core's workspace walk (its skip rule and symlink handling), then each file found. */
async function walk(access: FileAccess, directory: string, options: PathCheckOptions, kindOf: KindOfPath, into: PathCheck): Promise<void> {
  const exclude = new ExcludeFilter([...DEFAULT_EXCLUDE, ...(options.exclude ?? [])], [directory]);
  const { files, problems } = await walkWorkspace(access, [directory], exclude, kindOf);
  into.problems.push(...problems);
  for (const { path, kind } of files) {
    if (checkable(kind)) await checkInto(access, path, kind, options, into);
  }
}

async function checkInto(access: FileAccess, path: string, kind: FileKind, options: CheckOptions, into: PathCheck): Promise<void> {
  // A manifest also checks the assets it lists, which a folder walk may reach again: once each.
  if (into.files.some((f) => f.path === path)) return;
  try {
    if (kind.kind === 'manifest') {
      for (const r of await checkManifestPack(access, path, options)) {
        if (r.kind !== 'unknown' && !into.files.some((f) => f.path === r.path)) into.files.push({ path: r.path, kind: r.kind, diagnostics: r.diagnostics });
      }
      return;
    }
    const checked = await checkOneFile(access, path, kind, options);
    if ('diagnostics' in checked) into.files.push(checked);
    else into.problems.push(checked);
  } catch (error) {
    into.problems.push({ path, message: `cannot read: ${errorText(error)}` });
  }
}

/**
 * A file named on the command line is a manifest when its name says TOML (`nether.dev.toml`,
 * `game/nether.toml.bak`): the user asked for it. Only a folder walk keeps to the exact names
 * `nether.toml` / `ember.toml`, so that it does not pick up every other TOML file.
 */
export function namesTomlFile(path: string): boolean {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return /\.toml(\.|$)/i.test(name);
}

/**
 * Checks one command-line path: a supported file (or a TOML file, as a manifest), or a directory
 * searched recursively.
 */
export async function checkPath(access: FileAccess, path: string, options: PathCheckOptions): Promise<PathCheck> {
  const into: PathCheck = { files: [], problems: [] };
  const kindOf = options.kindOf ?? kindsByName(options.kinds);
  let stat;
  try {
    stat = await access.stat(path);
  } catch (error) {
    into.problems.push({ path, message: `cannot read: ${errorText(error)}` });
    return into;
  }
  if (!stat) {
    into.problems.push({ path, message: 'no such file or folder' });
  } else if (stat.isDirectory) {
    await walk(access, path, options, kindOf, into);
  } else {
    const kind = kindOf(path) ?? (namesTomlFile(path) ? { kind: 'manifest' as const } : await kindByMagic(access, path));
    if (checkable(kind)) await checkInto(access, path, kind, options, into);
    else into.problems.push({ path, message: 'not a supported file (see ewzanim --help for the extensions)' });
  }
  return into;
}
