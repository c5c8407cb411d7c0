import * as vscode from 'vscode';
import { kindOfPath } from '../../../formats/fileKinds';
import type { ExtensionServices } from '../services';
import { HexDocument } from './hexDocument';
import { HexPanel } from './hexPanel';

export const HEX_EDITOR_VIEW_TYPE = 'ewzanim.hexEditor';

/**
 * The custom editor for clips and skeletons. VS Code owns the undo stack, dirty state, save,
 * revert and hot exit; each edit event carries undo/redo callbacks into the document's model.
 */
export class HexEditorProvider implements vscode.CustomEditorProvider<HexDocument> {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.CustomDocumentEditEvent<HexDocument>>();
  readonly onDidChangeCustomDocument = this.changeEmitter.event;
  private readonly panels = new Set<HexPanel>();
  /** The panel that last had focus: target of the Go to commands. */
  activePanel: HexPanel | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly services: ExtensionServices,
  ) {}

  async openCustomDocument(uri: vscode.Uri, openContext: vscode.CustomDocumentOpenContext): Promise<HexDocument> {
    const kind = kindOfPath(uri.path)?.kind === 'skeleton' ? 'skeleton' : 'clip';
    return HexDocument.open(uri, kind, openContext.backupId);
  }

  async resolveCustomEditor(document: HexDocument, webviewPanel: vscode.WebviewPanel): Promise<void> {
    const panel = new HexPanel(document, webviewPanel, this.extensionUri, this.services, (doc, label) =>
      this.changeEmitter.fire({ document: doc, label, undo: () => doc.undo(), redo: () => doc.redo() }),
    );
    this.panels.add(panel);
    this.activePanel = panel;
    webviewPanel.onDidChangeViewState(() => {
      if (webviewPanel.active) this.activePanel = panel;
    });
    webviewPanel.onDidDispose(() => {
      panel.dispose();
      this.panels.delete(panel);
      if (this.activePanel === panel) this.activePanel = undefined;
    });
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
