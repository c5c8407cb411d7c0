import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { languageClientOptions } from './languageClientOptions';

/** Builds the language client for the bundled server (dist/server/server.js), Node IPC. */
export function createLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  return new LanguageClient('ewzanim', 'Nethercore ZX Language Server', serverOptions, languageClientOptions(output));
}
