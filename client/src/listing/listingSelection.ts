/**
 * Keeps the keyframe listing in step with the other views of a clip (hex editor, preview):
 * moving the cursor to a keyframe line selects that frame and bone everywhere, and a selection
 * made elsewhere moves the cursor of every visible listing whose window holds that keyframe.
 * Frame and bone are read from the listing's own lines ("frame F ...", "  bone B ...").
 */
import * as vscode from 'vscode';
import { LISTING_SCHEME, parseListingUri } from '../../../protocol/listing';
import type { ClipSelection } from '../selectionSync';
import type { ExtensionServices } from '../services';

const FRAME_LINE = /^frame (\d+) /;
const BONE_LINE = /^ {2}bone +(\d+) /;

/** Frame and bone of the keyframe line `line`; undefined on header and frame lines. */
export function keyframeAtLine(document: vscode.TextDocument, line: number): { frame: number; bone: number } | undefined {
  const bone = BONE_LINE.exec(document.lineAt(line).text)?.[1];
  if (bone === undefined) return undefined;
  for (let l = line - 1; l >= 0; l--) {
    const frame = FRAME_LINE.exec(document.lineAt(l).text)?.[1];
    if (frame !== undefined) return { frame: Number(frame), bone: Number(bone) };
  }
  return undefined;
}

/** The line of frame `frame`, bone `bone` in a listing document; undefined when outside its window. */
export function lineOfKeyframe(document: vscode.TextDocument, frame: number, bone: number): number | undefined {
  for (let l = 0; l < document.lineCount; l++) {
    if (FRAME_LINE.exec(document.lineAt(l).text)?.[1] !== String(frame)) continue;
    const target = l + 1 + bone;
    return target < document.lineCount && BONE_LINE.exec(document.lineAt(target).text)?.[1] === String(bone) ? target : undefined;
  }
  return undefined;
}

export function syncListingSelection(services: ExtensionServices): vscode.Disposable {
  // The keyframe each clip's listings last showed or reported: the echo of our own cursor moves
  // and focus changes (reported like a command's moves) are not sent again.
  const current = new Map<string, string>();
  const fromListing = vscode.window.onDidChangeTextEditorSelection((event) => {
    const document = event.textEditor.document;
    const location = document.uri.scheme === LISTING_SCHEME ? parseListingUri(document.uri.toString()) : undefined;
    const keyframe = location && keyframeAtLine(document, event.selections[0].active.line);
    if (!location || !keyframe || current.get(location.clip) === `${keyframe.frame}:${keyframe.bone}`) return;
    current.set(location.clip, `${keyframe.frame}:${keyframe.bone}`);
    services.selection.select({ clip: location.clip, ...keyframe, source: 'listing' });
  });
  const toListing = services.selection.onDidSelect((selection: ClipSelection) => {
    if (selection.source === 'listing') return;
    current.set(selection.clip, `${selection.frame}:${selection.bone}`);
    for (const editor of vscode.window.visibleTextEditors) {
      if (parseListingUri(editor.document.uri.toString())?.clip !== selection.clip) continue;
      const line = lineOfKeyframe(editor.document, selection.frame, selection.bone);
      if (line === undefined) continue;
      const position = new vscode.Position(line, 0);
      editor.selection = new vscode.Selection(position, position);
      editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  });
  return vscode.Disposable.from(fromListing, toListing);
}
