import type { LanguageClient } from 'vscode-languageclient/node';
import type { ClipSelectionBus } from './selectionSync';

/** What the extension's features get from the extension's entry point. */
export interface ExtensionServices {
  /** The running language client; a new one after the server restarts, undefined while down. */
  languageClient(): LanguageClient | undefined;
  /** Frame/bone selection shared by the hex editor, the preview and the keyframe listing. */
  selection: ClipSelectionBus;
}
