/**
 * The extension's activation, shared by its two entry points: the desktop's (client/src/extension.ts,
 * Node) and VS Code for the Web's (client/src/browser/extension.ts). Each passes what differs
 * where it runs (`ClientEnvironment`); everything else is registered here, once.
 */
import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import { CHECK_STATUS_NOTIFICATION, SERVER_INFO_REQUEST, type CheckStatusParams, type ServerInfoResult } from '../../protocol/serverStatus';
import type { GltfExportHost } from './gltfExport/exportHost';
import { registerGltfExport } from './gltfExport/exportFromGltf';
import type { HexDiskAccess } from './hexEditor/diskAccess';
import { registerHexEditor } from './hexEditor/register';
import { registerListing } from './listing/register';
import { registerMshPreview } from './mshPreview/register';
import { registerPreview } from './preview/register';
import { ClipSelectionBus } from './selectionSync';
import type { ExtensionServices } from './services';
import { CheckStatusBar } from './statusBar';
import type { FileAccessFor } from './uriFileAccess';
import { openWalkthroughIfAsked } from './walkthrough';

/** What differs between the desktop and VS Code for the Web. */
export interface ClientEnvironment {
  /** The language client for the bundled server (a Node process, or a web worker). */
  createLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): BaseLanguageClient;
  files: FileAccessFor;
  hexDisk: HexDiskAccess;
  gltfExport: GltfExportHost;
  /** What only this environment registers (the desktop: the clip comparisons, which read git's versions through Node). */
  registerMore?(context: vscode.ExtensionContext, services: ExtensionServices): void;
}

/** What `activate` returns: used by the end-to-end suites (server pid for the resilience test). */
export interface ExtensionApi {
  services: ExtensionServices;
  /** Resolves once the server answers; the pid of the server process (the worker's: none). */
  serverInfo(): Promise<ServerInfoResult>;
}

let client: BaseLanguageClient | undefined;

export async function activateExtension(context: vscode.ExtensionContext, environment: ClientEnvironment): Promise<ExtensionApi> {
  const output = vscode.window.createOutputChannel('Nethercore ZX Language Server', { log: true });
  const statusBar = new CheckStatusBar();
  const selection = new ClipSelectionBus();
  context.subscriptions.push(output, statusBar, selection);

  const languageClient = environment.createLanguageClient(context, output);
  client = languageClient;
  context.subscriptions.push(
    languageClient.onNotification(CHECK_STATUS_NOTIFICATION, (status: CheckStatusParams) => statusBar.update(status)),
    languageClient.onDidChangeState((change) => {
      if (change.newState === State.Stopped) statusBar.showStopped();
      else statusBar.showRunning();
    }),
    vscode.commands.registerCommand('ewzanim.restartServer', async () => {
      output.info('Restarting the language server on request.');
      await languageClient.stop();
      await languageClient.start();
    }),
  );

  const services: ExtensionServices = {
    languageClient: () => (languageClient.state === State.Running ? languageClient : undefined),
    selection,
    files: environment.files,
    hexDisk: environment.hexDisk,
  };
  // Features register before the server is up: they ask `services.languageClient()` when used.
  registerListing(context, services);
  registerHexEditor(context, services);
  registerPreview(context, services);
  registerMshPreview(context);
  registerGltfExport(context, environment.gltfExport);
  environment.registerMore?.(context, services);
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

export async function deactivateExtension(): Promise<void> {
  await client?.stop();
  client = undefined;
}
