/**
 * The keyframe form of the edit panel: a clip record's rotation (quaternion x y z w or Euler
 * degrees about x, y, z), position and scale as text fields, and the line under them that says
 * what would be stored after quantisation, or why the input is refused. The panel sends.
 */
import { hexBytes } from '../../formats/bytes';
import { encodeKeyframeForm, type EncodeResult, type KeyframeFormInput } from '../../formats/editing/keyframeForm';
import { formatList as list, formatValue } from '../../formats/numberText';
import type { BoneTransform } from '../../formats/records';
import { eulerDegrees } from '../../formats/rotationMath';
import { button, fieldLine, textField, type ValueElement } from './formControls';

export class KeyframeEditForm {
  readonly root: HTMLElement;
  private readonly mode: ValueElement;
  private readonly rotation: ValueElement[];
  private readonly rotationWrap: HTMLElement[];
  private readonly position: ValueElement[];
  private readonly scale: ValueElement[];
  private readonly preview: HTMLElement;

  /** `onApply` runs on the form's Apply button. */
  constructor(onApply: () => void) {
    this.root = document.createElement('div');
    this.root.className = 'edit-keyframe';
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
    this.root.append(this.mode, fieldLine(rot), fieldLine(pos), fieldLine(sca), this.preview, apply);

    this.mode.addEventListener('change', () => this.switchMode());
    for (const input of [...this.rotation, ...this.position, ...this.scale]) input.addEventListener('input', () => this.updatePreview());
    apply.addEventListener('click', onApply);
  }

  /** Shows a decoded keyframe in the chosen rotation mode, and what it would store. */
  show(t: BoneTransform): void {
    this.fill(t);
    this.updatePreview();
  }

  /** The typed values as the record's bytes, or why they are refused. */
  encode(): EncodeResult {
    return encodeKeyframeForm(this.input());
  }

  private fill(t: BoneTransform): void {
    const values = this.rotationMode() === 'euler' ? (({ x, y, z }) => [x, y, z])(eulerDegrees(t.rotation)) : [...t.rotation];
    this.rotation.forEach((input, i) => (input.value = i < values.length ? formatValue(values[i]) : ''));
    this.position.forEach((input, i) => (input.value = formatValue(t.position[i])));
    this.scale.forEach((input, i) => (input.value = formatValue(t.scale[i])));
  }

  private rotationMode(): KeyframeFormInput['rotationMode'] {
    return this.mode.value === 'euler' ? 'euler' : 'quaternion';
  }

  /** The fields still hold the rotation as the other mode wrote it: read it so, show it in this one. */
  private switchMode(): void {
    const euler = this.rotationMode() === 'euler';
    this.rotationWrap[3].hidden = euler;
    const result = encodeKeyframeForm(this.input(euler ? 'quaternion' : 'euler'));
    if (result.bytes) this.fill(result.stored);
    this.updatePreview();
  }

  private input(rotationMode = this.rotationMode()): KeyframeFormInput {
    const values = (inputs: ValueElement[]) => inputs.map((i) => i.value);
    return {
      rotationMode,
      rotation: values(rotationMode === 'euler' ? this.rotation.slice(0, 3) : this.rotation),
      position: values(this.position),
      scale: values(this.scale),
    };
  }

  private updatePreview(): void {
    const result = this.encode();
    if (result.error !== undefined) {
      this.preview.textContent = `Refused: ${result.error}`;
      this.preview.classList.add('refused');
      return;
    }
    const s = result.stored;
    this.preview.classList.remove('refused');
    this.preview.textContent = `Will store q (${list(s.rotation)}) p (${list(s.position)}) s (${list(s.scale)}) = ${hexBytes(result.bytes)}`;
  }
}
