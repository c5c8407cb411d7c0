/**
 * The glTF export on the desktop: draco3dgltf's and meshoptimizer's decoders (the Draco
 * WebAssembly inlined in the bundle), atomic writes of local files, and .fbx through FBX2glTF.
 */
import * as vscode from 'vscode';
import { FbxConversionError } from '../../../node/fbx/conversionError';
import { loadFbxDocument, type LoadedFbx } from '../../../node/fbx/loadFbx';
import { nodeGltfDecoders } from '../../../node/gltf/decoders';
import { nodeWriteFile } from '../nodeUriFileAccess';
import { workspaceSettings } from '../settings';
import type { GltfExportHost } from './exportHost';

/** Converts an .fbx (a local file) with FBX2glTF from the setting, PATH or the workspace's node_modules. */
function loadFbx(target: vscode.Uri, frameRate: number): Promise<LoadedFbx> {
  if (target.scheme !== 'file') throw new FbxConversionError('FBX2glTF converts local files only: copy the .fbx to this machine first');
  const configured = workspaceSettings().fbx2gltfPath;
  const folders = [vscode.Uri.joinPath(target, '..').fsPath, ...(vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath)];
  return loadFbxDocument(target.fsPath, frameRate, {
    ...(configured ? { configuredPath: configured, configuredBy: 'the setting ewzanim.fbx2gltf.path' } : {}),
    searchPath: process.env.PATH ?? '',
    searchFrom: folders,
  });
}

export const nodeExportHost: GltfExportHost = { decoders: nodeGltfDecoders, write: nodeWriteFile, loadFbx };
