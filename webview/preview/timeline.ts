/**
 * The timeline: a full-width scrubber drawn on a canvas, one tick per frame where they fit (else
 * every 2nd, 5th, 10th...), labelled every few ticks, with the playhead. Dragging seeks on every
 * pointer move (the caller draws the frame at once, in the same event), so it follows the
 * pointer without lag.
 */
export interface TimelineEvents {
  /** The pointer asks for `frame` (pressed or dragged). */
  seek(frame: number): void;
  /** The pointer was released: the scrub is over. */
  release(): void;
}

const PAD = 10;
const MIN_TICK_SPACING = 5;
const MIN_LABEL_SPACING = 44;

/** The smallest of 1, 2, 5, 10, 20, 50... frames whose spacing is at least `minPixels`. */
export function tickStep(frames: number, width: number, minPixels: number): number {
  const perFrame = frames > 1 ? width / (frames - 1) : width;
  for (let magnitude = 1; ; magnitude *= 10) {
    for (const m of [1, 2, 5]) if (m * magnitude * perFrame >= minPixels) return m * magnitude;
  }
}

export class Timeline {
  private readonly canvas = document.createElement('canvas');
  private frames = 1;
  private position = 0;
  private dragging = false;

  constructor(private readonly container: HTMLElement, private readonly events: TimelineEvents) {
    container.appendChild(this.canvas);
    container.tabIndex = 0;
    container.setAttribute('role', 'slider');
    container.setAttribute('aria-label', 'Frame');
    container.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      this.dragging = true;
      container.setPointerCapture(e.pointerId);
      this.events.seek(this.frameAt(e.clientX));
      e.preventDefault();
    });
    container.addEventListener('pointermove', (e) => {
      if (this.dragging) this.events.seek(this.frameAt(e.clientX));
    });
    const end = (e: PointerEvent): void => {
      if (!this.dragging) return;
      this.dragging = false;
      container.releasePointerCapture(e.pointerId);
      this.events.release();
    };
    container.addEventListener('pointerup', end);
    container.addEventListener('pointercancel', end);
    new ResizeObserver(() => this.draw()).observe(container);
  }

  setFrameCount(frames: number): void {
    this.frames = Math.max(1, frames);
    this.container.setAttribute('aria-valuemin', '0');
    this.container.setAttribute('aria-valuemax', String(this.frames - 1));
    this.draw();
  }

  /** The playhead at `position` frames (fractional while blending). */
  setPosition(position: number): void {
    if (position === this.position) return;
    this.position = position;
    this.container.setAttribute('aria-valuenow', String(Math.floor(position)));
    this.draw();
  }

  /** Draws again (the theme's colours changed). */
  redraw(): void {
    this.draw();
  }

  /** The frame under a client x coordinate. */
  frameAt(clientX: number): number {
    const rect = this.container.getBoundingClientRect();
    const usable = Math.max(1, rect.width - 2 * PAD);
    const t = Math.min(1, Math.max(0, (clientX - rect.left - PAD) / usable));
    return Math.round(t * (this.frames - 1));
  }

  /** Client x of a frame (tests and the drawing use the same mapping). */
  xOf(frame: number): number {
    const rect = this.container.getBoundingClientRect();
    return rect.left + this.localX(frame, rect.width);
  }

  private localX(frame: number, width: number): number {
    return PAD + (this.frames > 1 ? frame / (this.frames - 1) : 0) * (width - 2 * PAD);
  }

  private draw(): void {
    const rect = this.container.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    const w = Math.round(rect.width * ratio);
    const h = Math.round(rect.height * ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const g = canvas.getContext('2d');
    if (!g) return;
    const style = getComputedStyle(this.container);
    const foreground = style.color;
    const accent = style.getPropertyValue('--vscode-button-background').trim() || '#0e639c';
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, rect.width, rect.height);
    const base = rect.height - 8;
    const tick = tickStep(this.frames, rect.width - 2 * PAD, MIN_TICK_SPACING);
    const label = Math.max(tick, tickStep(this.frames, rect.width - 2 * PAD, MIN_LABEL_SPACING));
    g.strokeStyle = foreground;
    g.fillStyle = foreground;
    g.font = `10px ${style.fontFamily}`;
    g.textAlign = 'center';
    g.textBaseline = 'top';
    g.globalAlpha = 0.35;
    g.beginPath();
    g.moveTo(PAD, base + 0.5);
    g.lineTo(rect.width - PAD, base + 0.5);
    g.stroke();
    for (let f = 0; f < this.frames; f += tick) {
      const x = Math.round(this.localX(f, rect.width)) + 0.5;
      const major = f % label === 0;
      g.globalAlpha = major ? 0.7 : 0.35;
      g.beginPath();
      g.moveTo(x, base - (major ? 9 : 5));
      g.lineTo(x, base);
      g.stroke();
      if (major) g.fillText(String(f), x, 2);
    }
    // Playhead.
    const x = this.localX(Math.min(this.position, this.frames - 1), rect.width);
    g.globalAlpha = 1;
    g.strokeStyle = accent;
    g.fillStyle = accent;
    g.lineWidth = 2;
    g.beginPath();
    g.moveTo(x, 12);
    g.lineTo(x, rect.height);
    g.stroke();
    g.beginPath();
    g.arc(x, base, 4, 0, 2 * Math.PI);
    g.fill();
    g.lineWidth = 1;
  }
}
