/**
 * The extension in VS Code for the Web (github.dev, vscode.dev): the `browser` entry. It starts
 * the language server in a web worker (dist/server/browser.js) and answers its file requests
 * through `vscode.workspace.fs`. What needs Node (FBX2glTF, the CLI) is not registered here.
 */
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';
import { MANIFEST_NAMES } from '../../../formats/fileKinds';
import { answerWorkspaceFileRequests } from './workspaceFiles';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('Nethercore ZX', { log: true });
  const worker = new Worker(vscode.Uri.joinPath(context.extensionUri, 'dist/server/browser.js').toString(true));
  const clientOptions: LanguageClientOptions = {
    documentSelector: [...MANIFEST_NAMES.map((name) => ({ language: 'toml', pattern: `**/${name}` })), { language: 'ewzanim-listing' }],
    synchronize: { configurationSection: 'ewzanim' },
    outputChannel: output,
  };
  client = new LanguageClient('ewzanim', 'Nethercore ZX Language Server', worker, clientOptions);
  context.subscriptions.push(output, ...answerWorkspaceFileRequests(client));
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
