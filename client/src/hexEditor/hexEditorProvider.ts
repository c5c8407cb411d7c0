import * as vscode from 'vscode';
import { KIND_SERVICES, fileKindOf, kindOfPath } from '../../../formats/fileKinds';
import type { HexKind } from '../../../protocol/hexEditor';
import { kindOptions } from '../kindOptions';
import type { ExtensionServices } from '../services';
import { HexDocument } from './hexDocument';
import { HexPanel } from './hexPanel';
import { askBeforeOverwrite } from './overwritePrompt';

export const HEX_EDITOR_VIEW_TYPE = 'ewzanim.hexEditor';

type DocumentChange = vscode.CustomDocumentEditEvent<HexDocument> | vscode.CustomDocumentContentChangeEvent<HexDocument>;

/**
 * The custom editor for clips, skeletons and NRes files (MSH models and archives). VS Code owns
 * the undo stack, dirty state, save, revert and hot exit; each edit event carries undo/redo
 * callbacks for exactly that edit.
 */
export class HexEditorProvider implements vscode.CustomEditorProvider<HexDocument> {
  // Edit events for edits; a content change (no undo) when the file is deleted under a clean document.
  private readonly changeEmitter = new vscode.EventEmitter<DocumentChange>();
  readonly onDidChangeCustomDocument = this.changeEmitter.event as vscode.Event<vscode.CustomDocumentEditEvent<HexDocument>>;
  private readonly panels = new Set<HexPanel>();
  /** The panel that last had focus: target of the Go to and Find commands. */
  activePanel: HexPanel | undefined;
  /** Reveals asked for files whose editor is still opening. */
  private readonly pendingReveals = new Map<string, { offset: number; end: number }>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly services: ExtensionServices,
  ) {}

  async openCustomDocument(uri: vscode.Uri, openContext: vscode.CustomDocumentOpenContext): Promise<HexDocument> {
    const kind = await hexKindOf(uri, this.services);
    const document = await HexDocument.open(uri, kind, openContext.backupId, askBeforeOverwrite, this.services.hexDisk);
    document.onDidBecomeUnsaved(() => this.changeEmitter.fire({ document }));
    return document;
  }

  async resolveCustomEditor(document: HexDocument, webviewPanel: vscode.WebviewPanel): Promise<void> {
    const panel = new HexPanel(document, webviewPanel, this.extensionUri, this.services, (doc, edit) =>
      this.changeEmitter.fire({ document: doc, label: edit.label, undo: () => doc.undo(edit), redo: () => doc.redo(edit) }),
    );
    this.panels.add(panel);
    this.activePanel = panel;
    const pending = this.pendingReveals.get(document.uri.toString());
    if (pending) {
      this.pendingReveals.delete(document.uri.toString());
      panel.reveal(pending.offset, pending.end);
    }
    webviewPanel.onDidChangeViewState(() => {
      if (webviewPanel.active) this.activePanel = panel;
    });
    webviewPanel.onDidDispose(() => {
      panel.dispose();
      this.panels.delete(panel);
      if (this.activePanel === panel) this.activePanel = undefined;
    });
  }

  /** Opens (or shows) the hex editor of `uri` and selects `[start, end)`. */
  async revealBytes(uri: vscode.Uri, start: number, end: number): Promise<void> {
    const panel = [...this.panels].find((p) => p.document.uri.toString() === uri.toString());
    if (panel) {
      panel.panel.reveal(undefined, false);
      panel.reveal(start, end);
      return;
    }
    this.pendingReveals.set(uri.toString(), { offset: start, end });
    await vscode.commands.executeCommand('vscode.openWith', uri, HEX_EDITOR_VIEW_TYPE);
  }

  saveCustomDocument(document: HexDocument): Promise<void> {
    return document.save();
  }

  saveCustomDocumentAs(document: HexDocument, destination: vscode.Uri): Promise<void> {
    return document.saveAs(destination);
  }

  revertCustomDocument(document: HexDocument): Promise<void> {
    return document.revert();
  }

  backupCustomDocument(document: HexDocument, context: vscode.CustomDocumentBackupContext): Promise<vscode.CustomDocumentBackup> {
    return document.backup(context.destination);
  }
}

/**
 * How the editor shows a file: by its extension (`ewzanim.msh.extensions` included), else by its
 * magic (a file reopened with this editor under another name); anything else as a clip.
 */
async function hexKindOf(uri: vscode.Uri, services: ExtensionServices): Promise<HexKind> {
  // Files outside the `file:` scheme are known by their name only (their reads take the whole file).
  const { files, pathOf } = services.files(uri);
  const kind = (uri.scheme === 'file' ? await fileKindOf(files, pathOf(uri), kindOptions()) : kindOfPath(uri.path, kindOptions()))?.kind;
  return kind && KIND_SERVICES[kind].hexRows ? (kind as HexKind) : 'clip';
}
