import * as vscode from 'vscode';
import { State, type LanguageClient } from 'vscode-languageclient/node';
import { CHECK_STATUS_NOTIFICATION, SERVER_INFO_REQUEST, type CheckStatusParams, type ServerInfoResult } from '../../protocol/serverStatus';
import { registerClipDiff } from './clipDiff/register';
import { nodeByteSources } from './clipDiff/nodeByteSources';
import { registerGltfExport } from './gltfExport/exportFromGltf';
import { registerHexEditor } from './hexEditor/register';
import { createLanguageClient } from './languageServer';
import { registerListing } from './listing/register';
import { registerPreview } from './preview/register';
import { registerMshPreview } from './mshPreview/register';
import { ClipSelectionBus } from './selectionSync';
import type { ExtensionServices } from './services';
import { CheckStatusBar } from './statusBar';
import { openWalkthroughIfAsked } from './walkthrough';

/** What `activate` returns: used by the end-to-end suite (server pid for the resilience test). */
export interface ExtensionApi {
  services: ExtensionServices;
  /** Resolves once the server answers; the pid of the server process. */
  serverInfo(): Promise<ServerInfoResult>;
}

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi> {
  const output = vscode.window.createOutputChannel('Nethercore ZX Language Server', { log: true });
  const statusBar = new CheckStatusBar();
  const selection = new ClipSelectionBus();
  context.subscriptions.push(output, statusBar, selection);

  const languageClient = createLanguageClient(context, output);
  client = languageClient;
  context.subscriptions.push(
    languageClient.onNotification(CHECK_STATUS_NOTIFICATION, (status: CheckStatusParams) => statusBar.update(status)),
    languageClient.onDidChangeState((change) => {
      if (change.newState === State.Stopped) statusBar.showStopped();
      else statusBar.showRunning();
    }),
    vscode.commands.registerCommand('ewzanim.restartServer', async () => {
      output.info('Restarting the language server on request.');
      await languageClient.restart();
    }),
  );

  const services: ExtensionServices = {
    languageClient: () => (languageClient.state === State.Running ? languageClient : undefined),
    selection,
  };
  // Features register before the server is up: they ask `services.languageClient()` when used.
  registerListing(context, services);
  registerHexEditor(context, services);
  registerPreview(context, services);
  registerMshPreview(context);
  registerGltfExport(context);
  registerClipDiff(context, services, nodeByteSources);
  void openWalkthroughIfAsked(context);

  // Activation does not wait for the server: VS Code holds custom editors and commands until
  // `activate` resolves, and a clip should open at once even while the workspace is checked.
  const firstStart = languageClient.start().catch((error: unknown) => {
    output.error(`The language server did not start: ${error instanceof Error ? error.message : String(error)}`);
  });
  return {
    services,
    serverInfo: async () => {
      await firstStart;
      if (languageClient.state !== State.Running) await languageClient.start();
      return languageClient.sendRequest<ServerInfoResult>(SERVER_INFO_REQUEST);
    },
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
