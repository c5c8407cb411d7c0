/**
 * Editing an NRes row by value: the selected field (a header word, an entry's size or name, a
 * node's parent or fallback, a map word, a key's time...) as a typed value, and a whole Res8 key
 * as position, time and quaternion with the stored i16 shown before it is applied. Values are
 * encoded by the core (`encodeMshValue`, `encodeMshKeyForm`), which refuses what would not fit;
 * nothing is sent then.
 */
import { hexBytes } from '../../formats/bytes';
import { decodeMshQuaternion, readMshRawKey } from '../../formats/msh/animation';
import { type MshLocatedField, mshFieldAt } from '../../formats/msh/fields';
import { KEY_SIZE } from '../../formats/msh/layout';
import type { RowInfo } from '../../formats/editing/rowLayout';
import type { MshRowLayout } from '../../formats/msh/rows';
import { encodeMshKeyForm, encodeMshValue, f32Text, readMshValue } from '../../formats/msh/values';
import { button, fieldLine, textField, type ValueElement } from './formControls';
import { formatList as list, formatValue } from '../../formats/numberText';

/** Sends bytes to write at an offset with an undo label (the edit panel says whether it was applied). */
export type SendEdit = (offset: number, bytes: Uint8Array, label: string) => Promise<void>;

export class MshEditPanel {
  readonly root: HTMLElement;
  private field: MshLocatedField | undefined;
  private keyStart: number | undefined;
  /** The selected row's label ('node 1', 'key 3 · n1'): where the undo label says the edit was. */
  private rowLabel = '';
  private readonly fieldTitle: HTMLElement;
  private readonly value: ValueElement;
  private readonly fieldBox: HTMLElement;
  private readonly keyBox: HTMLElement;
  private readonly position: ValueElement[];
  private readonly time: ValueElement;
  private readonly rotation: ValueElement[];
  private readonly preview: HTMLElement;

  constructor(
    private readonly send: SendEdit,
    private readonly say: (text: string, isError: boolean) => void,
  ) {
    this.root = document.createElement('div');
    this.root.className = 'edit-msh';
    this.fieldBox = document.createElement('div');
    this.fieldTitle = document.createElement('div');
    this.fieldTitle.className = 'edit-field-title';
    this.fieldTitle.id = 'edit-msh-field';
    const value = textField('edit-msh-value', 'value');
    this.value = value.input;
    const applyValue = button('edit-msh-apply-value', 'Apply value');
    this.fieldBox.append(this.fieldTitle, value.wrap, applyValue);

    this.keyBox = document.createElement('div');
    const keyTitle = document.createElement('div');
    keyTitle.className = 'edit-field-title';
    keyTitle.textContent = 'Whole key';
    const pos = ['x', 'y', 'z'].map((a) => textField(`edit-msh-position-${a}`, `p${a}`));
    const time = textField('edit-msh-time', 't (frames)');
    const rot = ['w', 'x', 'y', 'z'].map((a) => textField(`edit-msh-rotation-${a}`, `q${a}`));
    this.position = pos.map((f) => f.input);
    this.time = time.input;
    this.rotation = rot.map((f) => f.input);
    this.preview = document.createElement('div');
    this.preview.className = 'edit-preview';
    this.preview.id = 'edit-msh-preview';
    const applyKey = button('edit-msh-apply-key', 'Apply key');
    this.keyBox.append(keyTitle, fieldLine(pos), fieldLine([time]), fieldLine(rot), this.preview, applyKey);
    this.root.append(this.fieldBox, this.keyBox);

    for (const input of [...this.position, this.time, ...this.rotation]) input.addEventListener('input', () => this.updatePreview());
    applyValue.addEventListener('click', () => void this.applyValue());
    applyKey.addEventListener('click', () => void this.applyKey());
  }

  /** Shows the field under `offset` and, in a key's row, the whole key. `bytes` are the row's. */
  show(layout: MshRowLayout, row: Pick<RowInfo, 'start' | 'label'>, bytes: Uint8Array | undefined, offset: number | undefined): void {
    const rowStart = row.start;
    this.rowLabel = row.label;
    const field = offset === undefined ? undefined : mshFieldAt(layout.file, offset);
    this.field = field?.valueType ? field : undefined;
    this.fieldBox.hidden = !this.field || !bytes;
    if (this.field && bytes) {
      const piece = bytes.subarray(this.field.range.start - rowStart, this.field.range.end - rowStart);
      const value = readMshValue(piece, this.field.valueType!);
      this.fieldTitle.textContent = this.field.label;
      this.value.value = typeof value === 'number' ? (this.field.valueType === 'f32' ? f32Text(value) : String(value)) : value;
    }
    const isKey = !!field && field.key !== undefined && !!field.record && field.record.end - field.record.start === KEY_SIZE;
    this.keyStart = isKey ? field.record!.start : undefined;
    this.keyBox.hidden = !isKey || !bytes || bytes.length < KEY_SIZE;
    if (this.keyBox.hidden || !bytes) return;
    const key = readMshRawKey(bytes, (this.keyStart as number) - rowStart);
    this.position.forEach((input, i) => (input.value = f32Text(key.position[i])));
    this.time.value = f32Text(key.time);
    // s / 32767 to 6 digits rounds back to the same s.
    decodeMshQuaternion(key.rotation).forEach((c, i) => (this.rotation[i].value = formatValue(c)));
    this.updatePreview();
  }

  private keyInput() {
    return { position: this.position.map((i) => i.value), time: this.time.value, rotation: this.rotation.map((i) => i.value) };
  }

  private updatePreview(): void {
    const result = encodeMshKeyForm(this.keyInput());
    this.preview.classList.toggle('refused', result.error !== undefined);
    if (result.error !== undefined) {
      this.preview.textContent = `Refused: ${result.error}`;
      return;
    }
    const [x, y, z, w] = result.stored.rotation;
    this.preview.textContent = `Will store p (${list(result.stored.position)}) t ${formatValue(result.stored.time)} q i16 (w ${w}, x ${x}, y ${y}, z ${z}) = ${hexBytes(result.bytes)}`;
  }

  private async applyValue(): Promise<void> {
    const field = this.field;
    if (!field) return;
    const result = encodeMshValue(field, this.value.value);
    if (result.error !== undefined) return this.say(`Not applied: ${result.error}`, true);
    await this.send(field.range.start, result.bytes, `Edit ${field.label} in ${this.rowLabel}`);
  }

  private async applyKey(): Promise<void> {
    if (this.keyStart === undefined) return;
    const result = encodeMshKeyForm(this.keyInput());
    if (result.error !== undefined) return this.say(`Not applied: ${result.error}`, true);
    await this.send(this.keyStart, result.bytes, `Edit ${this.rowLabel}`);
  }
}
