/**
 * Editing the selected row: a keyframe by its decoded values (quaternion or Euler angles,
 * position, scale), an NRes field or key by value (`mshEditPanel.ts`), any row by raw hex. The
 * line under the fields always shows what would be stored after quantisation; bad input is
 * refused there and nothing is sent.
 */
import { decodeKeyframe } from '../../formats/clip';
import { hexBytes } from '../../formats/bytes';
import { hexOffset } from '../../formats/byteRangeText';
import { parseHexInput } from '../../formats/editing/keyframeForm';
import type { RowInfo, RowLayout } from '../../formats/editing/rowLayout';
import { button, textField, type ValueElement } from './formControls';
import { KeyframeEditForm } from './keyframeEditForm';
import { MshEditPanel } from './mshEditPanel';

/** Sends an edit to the host; resolves with its refusal message, if any. */
export type SubmitEdit = (offset: number, bytes: Uint8Array, label: string) => Promise<string | undefined>;

export class EditPanel {
  private row: RowInfo | undefined;
  private readonly keyframe: KeyframeEditForm;
  private readonly raw: ValueElement;
  private readonly rawBox: HTMLElement;
  /** Said while nothing is selected. */
  private readonly hint: HTMLElement;
  private readonly message: HTMLElement;
  private readonly msh: MshEditPanel;

  constructor(root: HTMLElement, private readonly submit: SubmitEdit) {
    this.keyframe = new KeyframeEditForm(() => void this.applyValues());
    const rawField = textField('edit-raw', 'raw bytes (hex)');
    this.raw = rawField.input;
    const applyRaw = button('edit-apply-raw', 'Apply bytes');
    this.message = document.createElement('div');
    this.message.className = 'edit-message';
    this.message.id = 'edit-message';
    this.message.setAttribute('role', 'alert');
    this.msh = new MshEditPanel(
      (offset, bytes, label) => this.sendAt(offset, bytes, label),
      (text, isError) => this.say(text, isError),
    );
    this.rawBox = document.createElement('div');
    this.rawBox.className = 'edit-raw';
    this.rawBox.append(rawField.wrap, applyRaw);
    this.hint = document.createElement('div');
    this.hint.className = 'edit-hint';
    this.hint.id = 'edit-hint';
    this.hint.textContent = 'Select a byte to edit its row.';
    root.append(this.hint, this.keyframe.root, this.msh.root, this.rawBox, this.message);
    // Nothing is selected yet: no form applies.
    this.keyframe.root.hidden = true;
    this.msh.root.hidden = true;
    this.rawBox.hidden = true;

    applyRaw.addEventListener('click', () => void this.applyRaw());
  }

  /** Shows the row's current values (after a selection, or after its bytes changed); `offset` is the selected byte. */
  show(layout: RowLayout, row: RowInfo | undefined, bytes: Uint8Array | undefined, offset?: number): void {
    if (row?.start !== this.row?.start) this.say('', false);
    this.row = row;
    this.hint.hidden = !!row;
    this.rawBox.hidden = !row || !bytes;
    this.msh.root.hidden = layout.kind !== 'msh' || !row;
    if (layout.kind === 'msh' && row) this.msh.show(layout, row, bytes, offset);
    const isKeyframe = !!row && !!bytes && layout.kind === 'clip' && row.role === 'record';
    this.keyframe.root.hidden = !isKeyframe;
    this.raw.value = bytes ? hexBytes(bytes) : '';
    if (isKeyframe) this.keyframe.show(decodeKeyframe(bytes!, 0));
  }

  private async applyValues(): Promise<void> {
    if (!this.row) return;
    const result = this.keyframe.encode();
    if (result.error !== undefined) return this.say(`Not applied: ${result.error}`, true);
    await this.send(result.bytes, `Edit ${this.row.label}`);
  }

  private async applyRaw(): Promise<void> {
    if (!this.row) return;
    const result = parseHexInput(this.raw.value, this.row.end - this.row.start);
    if (result.error !== undefined) return this.say(`Not applied: ${result.error}`, true);
    await this.send(result.bytes, `Edit bytes of ${this.row.label || `offset ${hexOffset(this.row.start)}`}`);
  }

  private async send(bytes: Uint8Array, label: string): Promise<void> {
    await this.sendAt(this.row!.start, bytes, label);
  }

  private async sendAt(offset: number, bytes: Uint8Array, label: string): Promise<void> {
    const refusal = await this.submit(offset, bytes, label);
    this.say(refusal ? `Not applied: ${refusal}` : `Applied: ${label}.`, !!refusal);
  }

  /** A refusal in the error colour; a success in the normal one. */
  say(text: string, isError: boolean): void {
    this.message.textContent = text;
    this.message.classList.toggle('error', isError);
  }
}
