/**
 * Keyboard and pointer input: the panel's shortcuts (Space, arrows, Home/End, F, M/W/B/A/G) and
 * orbit/pan/zoom on the canvas (drag orbits; shift-, middle- or right-drag pans; the wheel zooms).
 */
import type { OrbitCamera } from './camera';

export interface Shortcuts {
  togglePlay(): void;
  step(delta: number): void;
  first(): void;
  last(): void;
  fit(): void;
  /** Flip one of the view toggles. */
  toggle(what: 'mesh' | 'wireframe' | 'bones' | 'axes' | 'grid'): void;
}

const TOGGLE_KEYS: Record<string, Parameters<Shortcuts['toggle']>[0]> = { m: 'mesh', w: 'wireframe', b: 'bones', a: 'axes', g: 'grid' };

/** Whether a key event belongs to a text field or an open list (the shortcuts stay out of its way). */
function typing(event: KeyboardEvent): boolean {
  for (const element of event.composedPath()) {
    if (!(element instanceof HTMLElement)) continue;
    const tag = element.tagName.toLowerCase();
    if (tag === 'input' && (element as HTMLInputElement).type !== 'range') return true;
    if (tag === 'textarea' || tag === 'vscode-textfield' || tag === 'vscode-single-select') return true;
  }
  return false;
}

export function wireShortcuts(target: Window, shortcuts: Shortcuts): void {
  target.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
    const key = event.key;
    const step = event.shiftKey ? 10 : 1;
    if (key === ' ') shortcuts.togglePlay();
    else if (key === 'ArrowLeft') shortcuts.step(-step);
    else if (key === 'ArrowRight') shortcuts.step(step);
    else if (key === 'Home') shortcuts.first();
    else if (key === 'End') shortcuts.last();
    else if (key === 'f' || key === 'F') shortcuts.fit();
    else if (TOGGLE_KEYS[key.toLowerCase()]) shortcuts.toggle(TOGGLE_KEYS[key.toLowerCase()]);
    else return;
    event.preventDefault();
  });
}

/** Orbit, pan and zoom on a canvas (attached per canvas: a fallback replaces the canvas). */
export function wireOrbit(canvas: HTMLCanvasElement, camera: OrbitCamera, changed: () => void): void {
  let dragging: { x: number; y: number; pan: boolean } | undefined;
  canvas.addEventListener('pointerdown', (e) => {
    dragging = { x: e.clientX, y: e.clientY, pan: e.shiftKey || e.button === 1 || e.button === 2 };
    canvas.setPointerCapture(e.pointerId);
    canvas.focus({ preventScroll: true });
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!dragging) return;
    const dx = e.clientX - dragging.x;
    const dy = e.clientY - dragging.y;
    dragging.x = e.clientX;
    dragging.y = e.clientY;
    if (dragging.pan) camera.pan(dx, dy);
    else camera.orbit(dx, dy);
    changed();
  });
  canvas.addEventListener('pointerup', () => { dragging = undefined; });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  canvas.addEventListener('wheel', (e) => { camera.zoom(Math.exp(e.deltaY * 0.001)); changed(); e.preventDefault(); }, { passive: false });
}
