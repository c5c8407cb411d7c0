/**
 * The extension in VS Code for the Web (github.dev, vscode.dev): the package's `browser` entry.
 * The same features as on the desktop (client/src/activation.ts), with files read and written
 * through `vscode.workspace.fs` (whole files: it has no ranged read) and the language server in a
 * web worker (dist/server/browser.js) whose file requests are answered here. What needs Node is
 * not registered: FBX import (FBX2glTF), the clip comparisons with git's versions (git runs as a process).
 */
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient, type MessageTransports } from 'vscode-languageclient/browser';
import { nodeGltfDecoders } from '../../../node/gltf/decoders';
import { activateExtension, deactivateExtension, type ExtensionApi } from '../activation';
import { registerClipDiff } from '../clipDiff/register';
import { workspaceHexDisk } from '../hexEditor/diskAccess';
import { languageClientOptions } from '../languageClientOptions';
import { workspaceUriFileAccess, workspaceWriteFile } from '../uriFileAccess';
import { answerWorkspaceFileRequests } from './workspaceFiles';

function createWorkerLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LanguageClient {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist/server/browser.js').toString(true);
  let worker: Worker | undefined;
  // A fresh worker at each start (a restart stops the old one first). The transports are built
  // here: the web extension host's Worker is its own class, which the client's `instanceof
  // Worker` test does not recognise.
  const startWorker = async (): Promise<MessageTransports> => {
    worker?.terminate();
    worker = new Worker(script);
    return { reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) };
  };
  const client = new LanguageClient('ewzanim', 'Nethercore ZX Language Server', startWorker, languageClientOptions(output));
  context.subscriptions.push(...answerWorkspaceFileRequests(client), { dispose: () => worker?.terminate() });
  return client;
}

export function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  return activateExtension(context, {
    createLanguageClient: createWorkerLanguageClient,
    files: workspaceUriFileAccess,
    hexDisk: workspaceHexDisk,
    // The decoders are WebAssembly and JavaScript, bundled for the browser too (build.mjs).
    gltfExport: { decoders: nodeGltfDecoders, write: workspaceWriteFile },
    // Compare Clips on two files; not with git's versions (git runs as a process).
    registerMore: (context, services) => registerClipDiff(context, services),
  });
}

export const deactivate = deactivateExtension;
