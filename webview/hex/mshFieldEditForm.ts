/**
 * The NRes field form of the edit panel: the selected field's name and its value as text (an
 * f32 in its shortest round-trip form, an integer, a name). The MSH panel encodes and sends.
 */
import type { MshLocatedField } from '../../formats/msh/fields';
import { f32Text, readMshValue } from '../../formats/msh/values';
import { button, textField, type ValueElement } from './formControls';

/** A field that has a value to edit (a record's field, not a region). */
export type MshValueField = MshLocatedField & Required<Pick<MshLocatedField, 'valueType'>>;

export function hasValue(field: MshLocatedField | undefined): field is MshValueField {
  return field?.valueType !== undefined;
}

export class MshFieldEditForm {
  readonly root: HTMLElement;
  private readonly title: HTMLElement;
  private readonly value: ValueElement;

  /** `onApply` runs on the form's Apply button. */
  constructor(onApply: () => void) {
    this.root = document.createElement('div');
    this.title = document.createElement('div');
    this.title.className = 'edit-field-title';
    this.title.id = 'edit-msh-field';
    const value = textField('edit-msh-value', 'value');
    this.value = value.input;
    const apply = button('edit-msh-apply-value', 'Apply value');
    this.root.append(this.title, value.wrap, apply);
    apply.addEventListener('click', onApply);
  }

  /** Shows `field` with its value read from `bytes` (the field's own bytes). */
  show(field: MshValueField, bytes: Uint8Array): void {
    const value = readMshValue(bytes, field.valueType);
    this.title.textContent = field.label;
    this.value.value = typeof value === 'number' ? (field.valueType === 'f32' ? f32Text(value) : String(value)) : value;
  }

  /** The value as typed. */
  get text(): string {
    return this.value.value;
  }
}
