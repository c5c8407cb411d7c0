/**
 * The whole-key form of the edit panel: a Res8 key's position, time and quaternion as text, and
 * the line under them that says what would be stored (the quaternion as its i16), or why the
 * input is refused. The MSH panel sends.
 */
import { hexBytes } from '../../formats/bytes';
import { decodeMshQuaternion, type MshRawKey } from '../../formats/msh/animation';
import { encodeMshKeyForm, f32Text, type MshKeyFormResult } from '../../formats/msh/values';
import { formatList as list, formatValue } from '../../formats/numberText';
import { button, fieldLine, textField, type ValueElement } from './formControls';

export class MshKeyEditForm {
  readonly root: HTMLElement;
  private readonly position: ValueElement[];
  private readonly time: ValueElement;
  private readonly rotation: ValueElement[];
  private readonly preview: HTMLElement;

  /** `onApply` runs on the form's Apply button. */
  constructor(onApply: () => void) {
    this.root = document.createElement('div');
    const title = document.createElement('div');
    title.className = 'edit-field-title';
    title.textContent = 'Whole key';
    const pos = ['x', 'y', 'z'].map((a) => textField(`edit-msh-position-${a}`, `p${a}`));
    const time = textField('edit-msh-time', 't (frames)');
    const rot = ['w', 'x', 'y', 'z'].map((a) => textField(`edit-msh-rotation-${a}`, `q${a}`));
    this.position = pos.map((f) => f.input);
    this.time = time.input;
    this.rotation = rot.map((f) => f.input);
    this.preview = document.createElement('div');
    this.preview.className = 'edit-preview';
    this.preview.id = 'edit-msh-preview';
    const apply = button('edit-msh-apply-key', 'Apply key');
    this.root.append(title, fieldLine(pos), fieldLine([time]), fieldLine(rot), this.preview, apply);

    for (const input of [...this.position, this.time, ...this.rotation]) input.addEventListener('input', () => this.updatePreview());
    apply.addEventListener('click', onApply);
  }

  /** Shows a key as stored, and what it would store. */
  show(key: MshRawKey): void {
    this.position.forEach((input, i) => (input.value = f32Text(key.position[i])));
    this.time.value = f32Text(key.time);
    // s / 32767 to 6 digits rounds back to the same s.
    decodeMshQuaternion(key.rotation).forEach((c, i) => (this.rotation[i].value = formatValue(c)));
    this.updatePreview();
  }

  /** The typed key as its bytes, or why it is refused. */
  encode(): MshKeyFormResult {
    return encodeMshKeyForm({ position: this.position.map((i) => i.value), time: this.time.value, rotation: this.rotation.map((i) => i.value) });
  }

  private updatePreview(): void {
    const result = this.encode();
    this.preview.classList.toggle('refused', result.error !== undefined);
    if (result.error !== undefined) {
      this.preview.textContent = `Refused: ${result.error}`;
      return;
    }
    const [x, y, z, w] = result.stored.rotation;
    this.preview.textContent = `Will store p (${list(result.stored.position)}) t ${formatValue(result.stored.time)} q i16 (w ${w}, x ${x}, y ${y}, z ${z}) = ${hexBytes(result.bytes)}`;
  }
}
