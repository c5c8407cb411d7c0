/** The extension on the desktop (the package's `main`): local files through Node, the server in a Node process. */
import type * as vscode from 'vscode';
import { activateExtension, deactivateExtension, type ExtensionApi } from './activation';
import { workingFileOf } from './clipDiff/gitBaseline';
import { gitSide } from './clipDiff/gitSide';
import { registerClipDiff } from './clipDiff/register';
import { nodeExportHost } from './gltfExport/nodeExportHost';
import { nodeHexDisk } from './hexEditor/nodeHexDisk';
import { createLanguageClient } from './languageServer';
import { nodeUriFileAccess } from './nodeUriFileAccess';

export type { ExtensionApi } from './activation';

export function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  return activateExtension(context, {
    createLanguageClient,
    files: nodeUriFileAccess,
    hexDisk: nodeHexDisk,
    gltfExport: nodeExportHost,
    registerMore: (context, services) => registerClipDiff(context, services, { workingFileOf, side: gitSide }),
  });
}

export const deactivate = deactivateExtension;
