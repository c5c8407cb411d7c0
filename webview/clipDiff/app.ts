/**
 * The clip diff page: draws the heatmap of the chosen measure (bones down, frames across), the
 * bone names and the totals per bone beside it, outlines the largest difference, answers the
 * hover with the cell's numbers and a click (or Enter on the focused heatmap, arrows to move) by
 * selecting that bone and frame (the host passes it to the hex editors and previews).
 */
import { degrees, ratio, units } from '../../formats/diff/diffDocument';
import type { ClipDiffChannelWire, ClipDiffStateWire, ClipDiffViewWire, DiffCellWire } from '../../protocol/clipDiff';
import { CHANNEL_LABELS, type ClipDiffDom } from './dom';
import { type HeatmapHit, type HeatmapLayout, UNCHANGED, cellRect, finiteMax, gridColumnOfFrame, heatColour, heatmapLayout, hitTest, pixelValues } from './heatmap';

const FORMAT: Readonly<Record<ClipDiffChannelWire, (value: number) => string>> = { rotation: degrees, position: units, scale: ratio };
const CHANNELS: readonly ClipDiffChannelWire[] = ['rotation', 'position', 'scale'];
/** Rows this high or more get their bone's name and totals as text. */
const TEXT_ROW_HEIGHT = 11;

export interface ClipDiffCallbacks {
  select(cell: DiffCellWire): void;
  state(state: ClipDiffStateWire): void;
}

export class ClipDiffApp {
  private view?: ClipDiffViewWire;
  private channel: ClipDiffChannelWire = 'rotation';
  private selected?: DiffCellWire;
  private layout?: HeatmapLayout;

  constructor(
    private readonly dom: ClipDiffDom,
    private readonly callbacks: ClipDiffCallbacks,
  ) {
    for (const channel of CHANNELS) dom.channels[channel].addEventListener('click', () => this.setChannel(channel));
    dom.canvas.addEventListener('mousemove', (event) => this.hover(event));
    dom.canvas.addEventListener('mouseleave', () => (dom.tooltip.style.display = 'none'));
    dom.canvas.addEventListener('click', (event) => {
      const hit = this.hitAt(event);
      if (hit) this.choose({ bone: hit.bone, frame: hit.frame });
    });
    dom.canvas.addEventListener('keydown', (event) => this.key(event));
    window.addEventListener('resize', () => this.render());
  }

  show(view: ClipDiffViewWire): void {
    this.view = view;
    this.dom.problem.textContent = '';
    this.dom.title.textContent = `${view.a.label} ↔ ${view.b.label}`;
    this.dom.summary.replaceChildren(...view.summary.map((line) => Object.assign(document.createElement('div'), { textContent: line })));
    const { boneCount, frameCount } = view.compared;
    if (this.selected && (this.selected.bone >= boneCount || this.selected.frame >= frameCount)) this.selected = undefined;
    this.render();
  }

  failure(code: string, message: string): void {
    this.view = undefined;
    this.dom.problem.textContent = `${code}: ${message}`;
    this.render();
  }

  /** Another view selected a keyframe: mark it without telling the host back. */
  select(cell: DiffCellWire): void {
    this.selected = cell;
    this.render();
  }

  setChannel(channel: ClipDiffChannelWire): void {
    this.channel = channel;
    this.render();
  }

  private choose(cell: DiffCellWire): void {
    this.selected = cell;
    this.render();
    this.callbacks.select(cell);
  }

  private bonesName(bone: number): string {
    const name = this.view?.boneNames?.[bone];
    return name ? `bone ${bone} ${name}` : `bone ${bone}`;
  }

  private values(channel = this.channel): Float64Array {
    return this.view?.grids[channel] ?? new Float64Array(0);
  }

  private render(): void {
    const { dom, view } = this;
    for (const channel of CHANNELS) {
      const pressed = channel === this.channel;
      dom.channels[channel].toggleAttribute('secondary', !pressed);
      dom.channels[channel].setAttribute('aria-pressed', String(pressed));
    }
    dom.plot.style.display = view ? '' : 'none';
    if (!view) return this.postState();
    const grids = view.grids;
    const labelsWidth = dom.boneLabels.offsetWidth, totalsWidth = dom.totals.offsetWidth;
    const available = Math.max(64, dom.plot.clientWidth - labelsWidth - totalsWidth - 16);
    const layout = heatmapLayout(grids.bones, grids.columns, Math.floor(available), Math.max(240, window.innerHeight - dom.plot.getBoundingClientRect().top - 48));
    this.layout = layout;
    this.drawHeatmap(view, layout);
    this.drawRows(view, layout);
    const worst = view.worst[this.channel];
    dom.legend.textContent = worst.bone < 0
      ? `${CHANNEL_LABELS[this.channel]}: no difference`
      : `${CHANNEL_LABELS[this.channel]}: largest ${FORMAT[this.channel](worst.value)} (${this.bonesName(worst.bone)}, frame ${worst.frame}), outlined; colour by the square root of each cell's share of it`;
    dom.canvas.setAttribute('aria-label', `${CHANNEL_LABELS[this.channel]} differences, ${grids.bones} bones by ${view.compared.frameCount} frames. ${dom.legend.textContent}`);
    dom.selection.textContent = this.selected ? `Selected: ${this.bonesName(this.selected.bone)}, frame ${this.selected.frame}. ${this.cellText(this.selected.bone, { start: this.selected.frame, end: this.selected.frame + 1 })}` : '';
    this.postState();
  }

  private drawHeatmap(view: ClipDiffViewWire, layout: HeatmapLayout): void {
    const { canvas } = this.dom;
    canvas.width = layout.width;
    canvas.height = layout.height;
    canvas.style.width = `${layout.width}px`;
    canvas.style.height = `${layout.height}px`;
    const context = canvas.getContext('2d');
    if (!context || layout.width === 0 || layout.height === 0) return;
    const values = this.values();
    const unchanged = UNCHANGED[this.channel];
    const { max } = pixelValues(values, layout);
    const top = finiteMax(values, unchanged);
    const image = context.createImageData(layout.width, layout.height);
    const data = image.data;
    for (let bone = 0; bone < layout.bones; bone++) {
      for (let p = 0; p < layout.pixelColumns; p++) {
        const colour = heatColour(max[bone * layout.pixelColumns + p], unchanged, top);
        if (!colour) continue;
        for (let y = bone * layout.rowHeight; y < (bone + 1) * layout.rowHeight; y++) {
          for (let x = p * layout.cellWidth; x < (p + 1) * layout.cellWidth; x++) {
            const i = (y * layout.width + x) * 4;
            data[i] = colour[0];
            data[i + 1] = colour[1];
            data[i + 2] = colour[2];
            data[i + 3] = 255;
          }
        }
      }
    }
    context.putImageData(image, 0, 0);
    const style = getComputedStyle(document.body);
    const worst = view.worst[this.channel];
    if (worst.bone >= 0) outline(context, cellRect(layout, view.grids, { bone: worst.bone, frame: worst.frame }), style.getPropertyValue('--vscode-focusBorder').trim() || '#0090f1', 2);
    if (this.selected) {
      const rect = cellRect(layout, view.grids, this.selected);
      context.fillStyle = 'rgba(255, 255, 255, 0.12)';
      context.fillRect(rect.x, 0, rect.width, layout.height);
      context.fillRect(0, rect.y, layout.width, rect.height);
      outline(context, rect, style.getPropertyValue('--vscode-editor-foreground').trim() || '#ffffff', 1);
    }
  }

  /** The bone names left of the heatmap and each bone's totals of the shown measure right of it. */
  private drawRows(view: ClipDiffViewWire, layout: HeatmapLayout): void {
    const text = layout.rowHeight >= TEXT_ROW_HEIGHT;
    const format = FORMAT[this.channel], unchanged = UNCHANGED[this.channel];
    const top = Math.max(...view.bones.map((b) => (b[this.channel].max === Infinity ? unchanged : b[this.channel].max)), unchanged);
    const labels: HTMLElement[] = [], totals: HTMLElement[] = [];
    for (const bone of view.bones.slice(0, layout.bones)) {
      const height = `${layout.rowHeight}px`;
      const label = Object.assign(document.createElement('div'), { className: 'row', textContent: text ? (view.boneNames?.[bone.bone] ?? String(bone.bone)) : '' });
      label.style.height = height;
      labels.push(label);
      const row = Object.assign(document.createElement('div'), { className: 'row total' });
      row.style.height = height;
      row.dataset.bone = String(bone.bone);
      const t = bone[this.channel];
      const bar = Object.assign(document.createElement('span'), { className: 'bar' });
      const share = t.max === Infinity ? 1 : top > unchanged ? (t.max - unchanged) / (top - unchanged) : 0;
      bar.style.width = `${Math.round(share * 100)}%`;
      const value = Object.assign(document.createElement('span'), { className: 'value' });
      value.textContent = text && t.maxFrame >= 0 ? `${format(t.max)} @${t.maxFrame} · mean ${format(t.mean)}` : text ? '—' : '';
      row.title = `${this.bonesName(bone.bone)}: ${bone.changedKeyframes} changed keyframes; largest ${format(t.max)}${t.maxFrame >= 0 ? ` at frame ${t.maxFrame}` : ''}, mean ${format(t.mean)}`;
      row.append(bar, value);
      totals.push(row);
    }
    this.dom.boneLabels.replaceChildren(...labels);
    this.dom.totals.replaceChildren(...totals);
  }

  private hitAt(event: MouseEvent): HeatmapHit | undefined {
    if (!this.view || !this.layout) return undefined;
    const rect = this.dom.canvas.getBoundingClientRect();
    const x = ((event.clientX - rect.left) * this.layout.width) / Math.max(1, rect.width);
    const y = ((event.clientY - rect.top) * this.layout.height) / Math.max(1, rect.height);
    return hitTest(this.layout, this.view.grids, this.values(), x, y);
  }

  /** The three measures of a bone over frames `[start, end)`: the largest (and the smallest, over several frames). */
  private cellText(bone: number, frames: { start: number; end: number }): string {
    const view = this.view;
    if (!view) return '';
    const grids = view.grids;
    const first = gridColumnOfFrame(grids, frames.start), last = gridColumnOfFrame(grids, frames.end - 1);
    return CHANNELS.map((channel) => {
      let lo = Infinity, hi = -Infinity;
      for (let c = first; c <= last; c++) {
        const v = grids[channel][bone * grids.columns + c];
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      const format = FORMAT[channel];
      return `${channel} ${lo === hi ? format(hi) : `${format(lo)} – ${format(hi)}`}`;
    }).join(' · ');
  }

  private hover(event: MouseEvent): void {
    const hit = this.hitAt(event);
    const tip = this.dom.tooltip;
    if (!hit) {
      tip.style.display = 'none';
      return;
    }
    const frames = hit.frames.end - hit.frames.start === 1 ? `frame ${hit.frames.start}` : `frames ${hit.frames.start}-${hit.frames.end - 1}`;
    tip.textContent = `${this.bonesName(hit.bone)}, ${frames}\n${this.cellText(hit.bone, hit.frames)}`;
    tip.style.display = 'block';
    tip.style.left = `${Math.max(4, Math.min(event.clientX + 12, window.innerWidth - tip.offsetWidth - 4))}px`;
    tip.style.top = `${event.clientY + 14}px`;
  }

  /** Arrows move the selection by a bone or a frame, Home/End to the first/last frame; the host hears each move. */
  private key(event: KeyboardEvent): void {
    const view = this.view;
    if (!view) return;
    const current = this.selected ?? (view.worst[this.channel].bone >= 0 ? { bone: view.worst[this.channel].bone, frame: view.worst[this.channel].frame } : { bone: 0, frame: 0 });
    const frames = view.compared.frameCount, bones = view.compared.boneCount;
    const moves: Record<string, DiffCellWire> = {
      ArrowLeft: { ...current, frame: Math.max(0, current.frame - 1) },
      ArrowRight: { ...current, frame: Math.min(frames - 1, current.frame + 1) },
      ArrowUp: { ...current, bone: Math.max(0, current.bone - 1) },
      ArrowDown: { ...current, bone: Math.min(bones - 1, current.bone + 1) },
      Home: { ...current, frame: 0 },
      End: { ...current, frame: frames - 1 },
      Enter: current,
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    this.choose(next);
  }

  private postState(): void {
    const layout = this.layout;
    const worst = this.view?.worst[this.channel];
    const frames = this.view?.compared.frameCount ?? 0;
    this.callbacks.state({
      channel: this.channel,
      selected: this.selected,
      highlighted: worst && worst.bone >= 0 ? { bone: worst.bone, frame: worst.frame } : undefined,
      canvas: { width: layout?.width ?? 0, height: layout?.height ?? 0, framesPerPixel: layout ? frames / Math.max(1, layout.pixelColumns) : 0 },
    });
  }
}

function outline(context: CanvasRenderingContext2D, rect: { x: number; y: number; width: number; height: number }, colour: string, lineWidth: number): void {
  context.strokeStyle = colour;
  context.lineWidth = lineWidth;
  const inset = lineWidth / 2;
  context.strokeRect(rect.x - inset, rect.y - inset, rect.width + lineWidth, rect.height + lineWidth);
}
