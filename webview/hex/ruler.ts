/** Where the selection is in the clip: frame and bone, with a bar to jump along the frames. */
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
      if (!layout || layout.recordCount === 0) return;
      const box = bar.getBoundingClientRect();
      const fraction = Math.max(0, Math.min(1, (event.clientX - box.left) / box.width));
      const records = layout.kind === 'clip' ? Math.ceil(layout.recordCount / layout.boneCount) : layout.recordCount;
      const index = Math.min(records - 1, Math.floor(fraction * records));
      onJump(layout.kind === 'clip' ? recordStart(layout, index, 0) : recordStart(layout, 0, index));
    });
  }

  update(layout: RowLayout, selectedOffset: number | undefined): void {
    this.layout = layout;
    const row = selectedOffset === undefined ? undefined : rowInfo(layout, rowOfOffset(layout, selectedOffset));
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
