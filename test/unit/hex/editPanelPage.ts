/**
 * In the test page (bundled by editPanel.test.ts): the hex editor's edit panel alone, over a
 * file held in memory, with a fake host that records each edit and answers with a refusal when
 * told to. `select` does what the editor does after a click: shows the byte's row.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '../../../webview/hex/hex.css';
import { layoutOfFile, mshRowLayout, rowInfo, rowOfOffset, type RowLayout } from '../../../formats/editing/rowLayout';
import { openMshBytes } from '../../../formats/msh/model';
import { EditPanel } from '../../../webview/hex/editPanel';

/** One edit the panel sent to the host. */
export interface SentEdit {
  offset: number;
  bytes: number[];
  label: string;
}

export interface EditPanelHarness {
  /** Opens a file (as its bytes) with nothing selected. */
  open(kind: 'clip' | 'msh', bytes: number[]): void;
  select(offset: number): void;
  /** The host's answer to the next edits: a refusal, or undefined to apply them. */
  refuseWith(refusal: string | undefined): void;
  sent(): SentEdit[];
}

declare global {
  interface Window {
    editPanelHarness: EditPanelHarness;
  }
}

const box = document.createElement('div');
box.className = 'edit';
document.body.append(box);
let file = new Uint8Array(0);
let layout: RowLayout | undefined;
let refusal: string | undefined;
const sent: SentEdit[] = [];
const panel = new EditPanel(box, async (offset, bytes, label) => {
  sent.push({ offset, bytes: [...bytes], label });
  return refusal;
});

window.editPanelHarness = {
  open(kind, bytes) {
    file = Uint8Array.from(bytes);
    layout = kind === 'msh' ? mshRowLayout(openMshBytes(file).layout) : layoutOfFile(kind, file.subarray(0, 16), file.length);
    panel.show(layout, undefined, undefined);
  },
  select(offset) {
    if (!layout) throw new Error('no file open');
    const row = rowInfo(layout, rowOfOffset(layout, offset));
    panel.show(layout, row, file.slice(row.start, row.end), offset);
  },
  refuseWith(text) {
    refusal = text;
  },
  sent: () => sent,
};
