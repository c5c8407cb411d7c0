/**
 * Editing the selected row: a keyframe by its decoded values (quaternion or Euler angles,
 * position, scale), an NRes field or key by value (`mshEditPanel.ts`), any row by raw hex. The
 * line under the fields always shows what would be stored after quantisation; bad input is
 * refused there and nothing is sent.
 */
import { decodeKeyframe } from '../../formats/clip';
import { hexBytes } from '../../formats/bytes';
import { hexOffset } from '../../formats/byteRangeText';
import { encodeKeyframeForm, parseHexInput, type KeyframeFormInput } from '../../formats/editing/keyframeForm';
import type { RowInfo, RowLayout } from '../../formats/editing/rowLayout';
import { eulerDegrees } from '../../formats/rotationMath';
import type { BoneTransform } from '../../formats/records';
import { button, fieldLine, textField, type ValueElement } from './formControls';
import { MshEditPanel } from './mshEditPanel';
import { formatList as list, formatValue } from '../../formats/numberText';

/** Sends an edit to the host; resolves with its refusal message, if any. */
export type SubmitEdit = (offset: number, bytes: Uint8Array, label: string) => Promise<string | undefined>;

export class EditPanel {
  private row: RowInfo | undefined;
  private readonly keyframe: HTMLElement;
  private readonly mode: ValueElement;
  private readonly rotation: ValueElement[];
  private readonly rotationWrap: HTMLElement[];
  private readonly position: ValueElement[];
  private readonly scale: ValueElement[];
  private readonly preview: HTMLElement;
  private readonly raw: ValueElement;
  private readonly rawBox: HTMLElement;
  /** Said while nothing is selected. */
  private readonly hint: HTMLElement;
  private readonly message: HTMLElement;
  private readonly msh: MshEditPanel;

  constructor(root: HTMLElement, private readonly submit: SubmitEdit) {
    this.keyframe = document.createElement('div');
    this.keyframe.className = 'edit-keyframe';
    this.mode = document.createElement('vscode-single-select') as ValueElement;
    this.mode.id = 'edit-rotation-mode';
    for (const [value, text] of [['quaternion', 'Rotation as quaternion x y z w'], ['euler', 'Rotation as Euler degrees (XYZ)']]) {
      const option = document.createElement('vscode-option') as ValueElement;
      option.value = value;
      option.textContent = text;
      this.mode.append(option);
    }
    const rot = ['x', 'y', 'z', 'w'].map((a) => textField(`edit-rotation-${a}`, `r${a}`));
    const pos = ['x', 'y', 'z'].map((a) => textField(`edit-position-${a}`, `p${a}`));
    const sca = ['x', 'y', 'z'].map((a) => textField(`edit-scale-${a}`, `s${a}`));
    this.rotation = rot.map((f) => f.input);
    this.rotationWrap = rot.map((f) => f.wrap);
    this.position = pos.map((f) => f.input);
    this.scale = sca.map((f) => f.input);
    this.preview = document.createElement('div');
    this.preview.className = 'edit-preview';
    this.preview.id = 'edit-preview';
    const apply = button('edit-apply', 'Apply values');
    this.keyframe.append(this.mode, fieldLine(rot), fieldLine(pos), fieldLine(sca), this.preview, apply);

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
    root.append(this.hint, this.keyframe, this.msh.root, this.rawBox, this.message);
    // Nothing is selected yet: no form applies.
    this.keyframe.hidden = true;
    this.msh.root.hidden = true;
    this.rawBox.hidden = true;

    this.mode.addEventListener('change', () => this.switchMode());
    for (const input of [...this.rotation, ...this.position, ...this.scale]) input.addEventListener('input', () => this.updatePreview());
    apply.addEventListener('click', () => void this.applyValues());
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
    this.keyframe.hidden = !isKeyframe;
    this.raw.value = bytes ? hexBytes(bytes) : '';
    if (!isKeyframe) return;
    const t = decodeKeyframe(bytes!, 0);
    this.fill(t);
    this.updatePreview();
  }

  private fill(t: BoneTransform): void {
    const values = this.mode.value === 'euler' ? (({ x, y, z }) => [x, y, z])(eulerDegrees(t.rotation)) : [...t.rotation];
    this.rotation.forEach((input, i) => (input.value = i < values.length ? formatValue(values[i]) : ''));
    this.position.forEach((input, i) => (input.value = formatValue(t.position[i])));
    this.scale.forEach((input, i) => (input.value = formatValue(t.scale[i])));
  }

  private switchMode(): void {
    const euler = this.mode.value === 'euler';
    this.rotationWrap[3].hidden = euler;
    const result = encodeKeyframeForm({ ...this.input(), rotationMode: euler ? 'quaternion' : 'euler' });
    if (result.bytes) this.fill(result.stored);
    this.updatePreview();
  }

  private input(): KeyframeFormInput {
    const values = (inputs: ValueElement[]) => inputs.map((i) => i.value);
    const euler = this.mode.value === 'euler';
    return {
      rotationMode: euler ? 'euler' : 'quaternion',
      rotation: values(euler ? this.rotation.slice(0, 3) : this.rotation),
      position: values(this.position),
      scale: values(this.scale),
    };
  }

  private updatePreview(): void {
    const result = encodeKeyframeForm(this.input());
    if (result.error !== undefined) {
      this.preview.textContent = `Refused: ${result.error}`;
      this.preview.classList.add('refused');
      return;
    }
    const s = result.stored;
    this.preview.classList.remove('refused');
    this.preview.textContent = `Will store q (${list(s.rotation)}) p (${list(s.position)}) s (${list(s.scale)}) = ${hexBytes(result.bytes)}`;
  }

  private async applyValues(): Promise<void> {
    if (!this.row) return;
    const result = encodeKeyframeForm(this.input());
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
