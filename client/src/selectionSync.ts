import * as vscode from 'vscode';

/** A keyframe the user selected in one view (hex editor, preview, listing). */
export interface ClipSelection {
  /** The clip's URI as a string. */
  clip: string;
  frame: number;
  bone: number;
  /** Which view made the selection, so it does not react to its own event. */
  source: 'hexEditor' | 'preview' | 'listing' | 'clipDiff';
}

/** Keeps frame and bone selection in step across the views of one clip. */
export class ClipSelectionBus implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ClipSelection>();
  readonly onDidSelect = this.emitter.event;

  select(selection: ClipSelection): void {
    this.emitter.fire(selection);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
