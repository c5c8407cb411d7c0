/**
 * What the glTF export needs from where it runs: the compressed-glTF decoders, the file writer,
 * and the FBX converter where one can run (the desktop; FBX2glTF is a native program, so VS Code
 * for the Web has none).
 */
import type * as vscode from 'vscode';
import type { GltfDecoders } from '../../../formats/gltf';
import type { LoadedFbx } from '../../../node/fbx/loadFbx';
import type { WriteFile } from '../uriFileAccess';

export interface GltfExportHost {
  decoders(): Promise<GltfDecoders>;
  write: WriteFile;
  /** Converts an .fbx with FBX2glTF and reads it; absent where no native program can run. */
  loadFbx?(target: vscode.Uri, frameRate: number): Promise<LoadedFbx>;
}
