/**
 * The names of a clip's bones when the clip was exported from a glTF file: the joint names the
 * export recorded beside it (`<model>.export.json`, see formats/gltf/exportRecord.ts). The
 * preview asks when it opens a clip; clips from elsewhere have none and keep "bone N".
 */
import * as vscode from 'vscode';
import { parseClipHeader } from '../../../formats/clip';
import { exportedBoneNames } from '../../../formats/gltf/exportRecord';
import { workspaceFileAccess } from './workspaceFileAccess';

/**
 * The clip's bone names, bone 0 first, or `undefined` when no export record beside it lists it
 * with that many bones. `boneCount` is read from the clip's header when not given.
 */
export async function boneNamesOfClip(clip: vscode.Uri, boneCount?: number): Promise<string[] | undefined> {
  try {
    const count = boneCount ?? parseClipHeader(await vscode.workspace.fs.readFile(clip))?.boneCount;
    return count === undefined ? undefined : await exportedBoneNames(workspaceFileAccess(clip), clip.path, count);
  } catch {
    return undefined;
  }
}
