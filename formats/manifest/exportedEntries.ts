/**
 * The `nether.toml` entries for files the exporter wrote: a skeleton, a mesh linked to it and
 * one animation per clip linked to both (with this project's `skeleton`/`mesh` link keys, which
 * `nether pack` ignores), ids made unique against the manifest's own.
 */
import { parseManifest } from './parseManifest';
import { stringValue } from './model';

export interface ExportedFile {
  /** Path relative to the manifest's folder, '/'-separated. */
  path: string;
  /** The id wanted (made unique if taken). */
  id: string;
}

export interface ExportedSet {
  skeleton?: ExportedFile;
  mesh?: ExportedFile;
  clips: ExportedFile[];
}

/** A TOML basic string. */
function tomlString(text: string): string {
  return JSON.stringify(text);
}

/** `name` lower-cased to `[a-z0-9_]`, never empty. */
export function idFromName(name: string): string {
  const id = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return id || 'asset';
}

function unique(id: string, taken: Set<string>): string {
  let candidate = id;
  for (let n = 2; taken.has(candidate); n++) candidate = `${id}_${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The text to append to the manifest `manifestText` (at `manifestPath`) so that it lists
 * `files`; starts with a blank line. Ids already used by an entry of the same kind get `_2`,
 * `_3`... appended.
 */
export function manifestEntriesText(manifestText: string, manifestPath: string, files: ExportedSet): string {
  const model = parseManifest(manifestText, manifestPath);
  const taken = (kind: string) => new Set(model.entries.filter((e) => e.kind === kind).map((e) => stringValue(e.fields.id) ?? stringValue(e.fields.animation_name)).filter((id): id is string => id !== undefined));
  const blocks: string[] = [];
  let skeletonId: string | undefined;
  let meshId: string | undefined;
  if (files.skeleton) {
    skeletonId = unique(files.skeleton.id, taken('skeleton'));
    blocks.push(`[[assets.skeletons]]\nid = ${tomlString(skeletonId)}\npath = ${tomlString(files.skeleton.path)}`);
  }
  if (files.mesh) {
    meshId = unique(files.mesh.id, taken('mesh'));
    blocks.push(`[[assets.meshes]]\nid = ${tomlString(meshId)}\npath = ${tomlString(files.mesh.path)}${skeletonId ? `\nskeleton = ${tomlString(skeletonId)}` : ''}`);
  }
  const animationIds = taken('animation');
  for (const clip of files.clips) {
    const links = `${skeletonId ? `\nskeleton = ${tomlString(skeletonId)}` : ''}${meshId ? `\nmesh = ${tomlString(meshId)}` : ''}`;
    blocks.push(`[[assets.animations]]\nid = ${tomlString(unique(clip.id, animationIds))}\npath = ${tomlString(clip.path)}${links}`);
  }
  const separator = manifestText.length === 0 || manifestText.endsWith('\n') ? '\n' : '\n\n';
  return `${separator}${blocks.join('\n\n')}\n`;
}
