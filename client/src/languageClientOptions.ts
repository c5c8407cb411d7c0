/**
 * The language client's options, the same for the desktop's Node server and VS Code for the
 * Web's worker server: which documents the server works on, the commands it may send, the
 * restart policy and the Problems panel's links to the hex editor.
 */
import type * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  type CloseHandlerResult,
  type ErrorHandler,
  type ErrorHandlerResult,
  type LanguageClientOptions,
} from 'vscode-languageclient';
import { MANIFEST_NAMES } from '../../formats/fileKinds';
import { linkProblemsToBytes } from './hexEditor/problemLinks';

/** Restarts allowed inside `RESTART_WINDOW_MS` before the client gives up and says so. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

/**
 * Commands of this extension the server may send (code lenses, completion follow-ups): a generic
 * LSP client declares none, so it is never sent a command it cannot run.
 */
const CLIENT_COMMANDS = ['ewzanim.openPreview', 'editor.action.triggerSuggest'];

/**
 * Restarts a server that died, and tells the user each time (the default handler restarts
 * silently). After too many crashes in a short time it stops and offers the restart command.
 */
class RestartingErrorHandler implements ErrorHandler {
  private readonly restarts: number[] = [];

  error(): ErrorHandlerResult {
    return { action: ErrorAction.Continue, handled: true };
  }

  closed(): CloseHandlerResult {
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts.length > 0 && now - this.restarts[0]! > RESTART_WINDOW_MS) this.restarts.shift();
    if (this.restarts.length > MAX_RESTARTS) {
      return {
        action: CloseAction.DoNotRestart,
        message: `The Nethercore ZX language server stopped ${this.restarts.length} times in 3 minutes and was not restarted. Run "Nethercore ZX: Restart Language Server" to try again.`,
      };
    }
    return { action: CloseAction.Restart, message: 'The Nethercore ZX language server stopped unexpectedly; it was restarted.' };
  }
}

export function languageClientOptions(output: vscode.LogOutputChannel): LanguageClientOptions {
  return {
    // Text documents the server works on: manifests (language id toml, by file name) and the
    // keyframe listing (any URI scheme its provider uses). Binary files get diagnostics by URI.
    documentSelector: [
      ...MANIFEST_NAMES.map((name) => ({ language: 'toml', pattern: `**/${name}` })),
      { language: 'ewzanim-listing' },
    ],
    // File watchers: the server registers its own (workspace/didChangeWatchedFiles), as it does
    // with every client that supports dynamic registration.
    synchronize: { configurationSection: 'ewzanim' },
    initializationOptions: { clientCommands: CLIENT_COMMANDS },
    outputChannel: output,
    errorHandler: new RestartingErrorHandler(),
    // A binary problem's code in the Problems panel opens the hex editor on its bytes.
    middleware: { handleDiagnostics: (uri, diagnostics, next) => next(uri, linkProblemsToBytes(uri, diagnostics)) },
  };
}
