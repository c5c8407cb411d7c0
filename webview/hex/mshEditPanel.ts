/**
 * Editing an NRes row by value: the selected field (a header word, an entry's size or name, a
 * node's parent or fallback, a map word, a key's time...) as a typed value, and a whole Res8 key
 * as position, time and quaternion with the stored i16 shown before it is applied. Values are
 * encoded by the core (`encodeMshValue`, `encodeMshKeyForm`), which refuses what would not fit;
 * nothing is sent then.
 */
import { readMshRawKey } from '../../formats/msh/animation';
import { mshFieldAt } from '../../formats/msh/fields';
import { KEY_SIZE } from '../../formats/msh/layout';
import type { RowInfo } from '../../formats/editing/rowLayout';
import type { MshRowLayout } from '../../formats/msh/rows';
import { encodeMshValue } from '../../formats/msh/values';
import { hasValue, MshFieldEditForm, type MshValueField } from './mshFieldEditForm';
import { MshKeyEditForm } from './mshKeyEditForm';

/** Sends bytes to write at an offset with an undo label (the edit panel says whether it was applied). */
export type SendEdit = (offset: number, bytes: Uint8Array, label: string) => Promise<void>;

export class MshEditPanel {
  readonly root: HTMLElement;
  private field: MshValueField | undefined;
  private keyStart: number | undefined;
  /** The selected row's label ('node 1', 'key 3 · n1'): where the undo label says the edit was. */
  private rowLabel = '';
  private readonly fieldForm: MshFieldEditForm;
  private readonly keyForm: MshKeyEditForm;

  constructor(
    private readonly send: SendEdit,
    private readonly say: (text: string, isError: boolean) => void,
  ) {
    this.root = document.createElement('div');
    this.root.className = 'edit-msh';
    this.fieldForm = new MshFieldEditForm(() => void this.applyValue());
    this.keyForm = new MshKeyEditForm(() => void this.applyKey());
    this.root.append(this.fieldForm.root, this.keyForm.root);
  }

  /** Shows the field under `offset` and, in a key's row, the whole key. `bytes` are the row's. */
  show(layout: MshRowLayout, row: Pick<RowInfo, 'start' | 'label'>, bytes: Uint8Array | undefined, offset: number | undefined): void {
    const rowStart = row.start;
    this.rowLabel = row.label;
    const field = offset === undefined ? undefined : mshFieldAt(layout.file, offset);
    this.field = hasValue(field) ? field : undefined;
    this.fieldForm.root.hidden = !this.field || !bytes;
    if (this.field && bytes) this.fieldForm.show(this.field, bytes.subarray(this.field.range.start - rowStart, this.field.range.end - rowStart));
    const isKey = !!field && field.key !== undefined && !!field.record && field.record.end - field.record.start === KEY_SIZE;
    this.keyStart = isKey ? field.record!.start : undefined;
    this.keyForm.root.hidden = !isKey || !bytes || bytes.length < KEY_SIZE;
    if (this.keyForm.root.hidden || !bytes) return;
    this.keyForm.show(readMshRawKey(bytes, (this.keyStart as number) - rowStart));
  }

  private async applyValue(): Promise<void> {
    const field = this.field;
    if (!field) return;
    const result = encodeMshValue(field, this.fieldForm.text);
    if (result.error !== undefined) return this.say(`Not applied: ${result.error}`, true);
    await this.send(field.range.start, result.bytes, `Edit ${field.label} in ${this.rowLabel}`);
  }

  private async applyKey(): Promise<void> {
    if (this.keyStart === undefined) return;
    const result = this.keyForm.encode();
    if (result.error !== undefined) return this.say(`Not applied: ${result.error}`, true);
    await this.send(this.keyStart, result.bytes, `Edit ${this.rowLabel}`);
  }
}
