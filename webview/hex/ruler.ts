/**
 * Where the selection is: a clip's frame and bone, a skeleton's bone, an NRes row's record, with
 * a bar to jump along the frames (bones; an NRes file's bytes).
 */
import { recordStart, rowInfo, rowOfOffset, type RowLayout } from '../../formats/editing/rowLayout';

export class FrameBoneRuler {
  private layout: RowLayout | undefined;

  constructor(
    private readonly text: HTMLElement,
    bar: HTMLElement,
    private readonly marker: HTMLElement,
    onJump: (offset: number) => void,
  ) {
    bar.addEventListener('click', (event) => {
      const layout = this.layout;
      if (!layout) return;
      const box = bar.getBoundingClientRect();
      const fraction = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
      if (layout.kind === 'msh') {
        if (layout.size > 0) onJump(Math.min(layout.size - 1, Math.floor(fraction * layout.size)));
        return;
      }
      if (layout.recordCount === 0) return;
      const records = layout.kind === 'clip' ? Math.ceil(layout.recordCount / layout.boneCount) : layout.recordCount;
      const index = Math.min(records - 1, Math.floor(fraction * records));
      onJump(layout.kind === 'clip' ? recordStart(layout, index, 0) : recordStart(layout, 0, index));
    });
  }

  update(layout: RowLayout, selectedOffset: number | undefined): void {
    this.layout = layout;
    const row = selectedOffset === undefined ? undefined : rowInfo(layout, rowOfOffset(layout, selectedOffset));
    if (layout.kind === 'msh') {
      const { file } = layout;
      const models = file.models.map((m) => `${m.outerEntry ? `"${m.name}": ` : ''}${m.nodeCount} nodes, ${m.keyCount} keys, ${m.frameCount} frames`);
      const what = file.container === 'nres' ? (models.length ? models.join(' · ') : 'NRes archive without models') : 'plain bytes (no NRes header)';
      this.text.textContent = `${row ? row.label || 'bytes' : 'nothing selected'} — ${what}`;
      this.marker.style.left = `${selectedOffset === undefined || layout.size <= 1 ? 0 : (100 * selectedOffset) / (layout.size - 1)}%`;
      this.marker.hidden = selectedOffset === undefined;
      return;
    }
    const frames = layout.kind === 'clip' ? layout.frameCount : 0;
    let position = 0;
    if (layout.headerSize === 0) this.text.textContent = 'plain bytes (header unreadable)';
    else if (layout.kind === 'clip') {
      const where = row?.frame !== undefined ? `frame ${row.frame} · bone ${row.bone}` : row ? row.label : 'no keyframe selected';
      this.text.textContent = `${where} — ${frames} frames × ${layout.boneCount} bones`;
      position = row?.frame !== undefined && frames > 1 ? row.frame / (frames - 1) : 0;
    } else {
      this.text.textContent = `${row?.bone !== undefined ? `bone ${row.bone}` : row ? row.label : 'no bone selected'} — ${layout.boneCount} bones`;
      position = row?.bone !== undefined && layout.boneCount > 1 ? row.bone / (layout.boneCount - 1) : 0;
    }
    this.marker.style.left = `${position * 100}%`;
    this.marker.hidden = row?.role !== 'record';
  }
}
