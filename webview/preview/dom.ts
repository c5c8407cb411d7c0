/**
 * The panel's DOM, built once: banners, the viewport (canvas, axes triad), the side panel (bones,
 * the mixer), the timeline and two rows of controls (vscode-elements). Behaviour lives
 * elsewhere (app.ts and the components it wires).
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';

/** A vscode-elements control with a string value (select, text field). */
export type ValueElement = HTMLElement & { value: string };
/** A vscode-checkbox. */
export type CheckElement = HTMLElement & { checked: boolean };

export interface PreviewDom {
  notice: HTMLElement;
  /** The bone-count banner: what differs and the rule chosen. */
  mismatch: HTMLElement;
  mismatchText: HTMLElement;
  rule: ValueElement;
  assets: HTMLElement;
  viewport: HTMLElement;
  triad: SVGSVGElement;
  boneList: HTMLElement;
  boneDetails: HTMLElement;
  mixer: HTMLElement;
  /** The mixer's layers, the attached meshes and the mix file (layers/layersPanel.ts). */
  layers: HTMLElement;
  timeline: HTMLElement;
  play: HTMLElement;
  prev: HTMLElement;
  next: HTMLElement;
  frameField: ValueElement;
  frameCount: HTMLElement;
  speed: ValueElement;
  loop: ValueElement;
  mode: ValueElement;
  fit: HTMLElement;
  show: { mesh: CheckElement; wireframe: CheckElement; bones: CheckElement; axes: CheckElement; grid: CheckElement };
  exportPng: HTMLElement;
  exportVideo: HTMLElement;
  pick: HTMLElement;
  rendererLabel: HTMLElement;
  /** The Curves panel (curves/curvesView.ts) and its toggle. */
  curves: HTMLElement;
  showCurves: CheckElement;
}

/** The speeds offered: the list opens above the control (it sits at the panel's bottom edge). */
export const SPEEDS = ['0.25', '0.5', '1', '2', '4'];

function select(id: string, label: string, options: [string, string][], selected: string): string {
  const items = options.map(([value, text]) => `<vscode-option value="${value}"${value === selected ? ' selected' : ''}>${text}</vscode-option>`).join('');
  // position="above": the controls sit at the bottom of the panel, where a list opening
  // downwards would be cut off.
  return `<vscode-single-select id="${id}" position="above" title="${label}" aria-label="${label}">${items}</vscode-single-select>`;
}

function check(id: string, label: string, title: string, checked: boolean): string {
  return `<vscode-checkbox id="${id}" title="${title}"${checked ? ' checked' : ''}>${label}</vscode-checkbox>`;
}

export function buildDom(root: HTMLElement): PreviewDom {
  root.innerHTML = `
    <div id="notice" role="status"></div>
    <div id="mismatch" role="status" hidden>
      <div id="mismatch-text"></div>
      <label class="rule">Bones the clip or skeleton lacks:
        <vscode-single-select id="rule" aria-label="Bone-count rule">
          <vscode-option value="console" selected>as the console draws them</vscode-option>
          <vscode-option value="design">as the design document says (identity)</vscode-option>
        </vscode-single-select>
      </label>
    </div>
    <div id="assets"></div>
    <div id="main">
      <div id="viewport">
        <svg id="triad" viewBox="-1.3 -1.3 2.6 2.6" aria-label="Orientation: X red, Y green, Z blue" role="img"></svg>
      </div>
      <aside id="side">
        <div id="bone-list" role="listbox" aria-label="Bones"></div>
        <pre id="bone-details"></pre>
        <section id="mixer" hidden></section>
        <section id="layers" hidden></section>
      </aside>
    </div>
    <section id="curves" aria-label="Curves" hidden></section>
    <div id="timeline"></div>
    <div class="controls" id="transport">
      <vscode-button id="play" title="Play/pause (Space)">Play</vscode-button>
      <vscode-button id="prev" secondary title="Previous frame (Left)">&#9664;</vscode-button>
      <vscode-button id="next" secondary title="Next frame (Right)">&#9654;</vscode-button>
      <span class="frame">Frame <vscode-textfield id="frame-field" type="number" min="0" value="0" aria-label="Frame number" title="Frame number (Enter to go there; Home/End: first/last)"></vscode-textfield>
      <span id="frame-count">/ 0</span></span>
      ${select('speed', 'Speed', SPEEDS.map((s) => [s, `${s}x`]), '1')}
      ${select('loop', 'Loop', [['repeat', 'Repeat'], ['once', 'Once'], ['pingPong', 'Ping-pong']], 'repeat')}
      ${select('mode', 'Frames', [['stamp', 'Exact frames (keyframe_bind)'], ['blended', 'Blended between frames'], ['mixer', 'Mixer (crossfade clips)']], 'stamp')}
    </div>
    <div class="controls" id="view-controls">
      ${check('show-mesh', 'Mesh', 'Show the mesh (M)', true)}
      ${check('show-wireframe', 'Wireframe', 'Show the mesh\'s edges (W)', false)}
      ${check('show-bones', 'Bones', 'Show a marker at each bone (B)', true)}
      ${check('show-axes', 'Bone axes', 'Show each bone\'s axes (A)', false)}
      ${check('show-grid', 'Grid', 'Show the ground grid (G)', true)}
      ${check('show-curves', 'Curves', 'Show the selected bone\'s curves against frames', false)}
      <vscode-button id="fit" secondary title="Frame everything the clip moves through, over all its frames (F)">Fit</vscode-button>
      <vscode-button id="export-png" secondary title="Save the frame shown as a PNG image">Save PNG</vscode-button>
      <vscode-button id="export-video" secondary title="Record the clip played once as a WebM video">Record video</vscode-button>
      <vscode-button id="pick" secondary title="Pick the skeleton and mesh to preview with">Skeleton/mesh...</vscode-button>
      <span id="renderer-label"></span>
    </div>`;
  const q = <T extends Element = HTMLElement>(id: string): T => root.querySelector<HTMLElement>(`#${id}`) as unknown as T;
  return {
    notice: q('notice'), mismatch: q('mismatch'), mismatchText: q('mismatch-text'), rule: q('rule'), assets: q('assets'),
    viewport: q('viewport'), triad: q<SVGSVGElement>('triad'), boneList: q('bone-list'), boneDetails: q('bone-details'), mixer: q('mixer'), layers: q('layers'),
    timeline: q('timeline'), play: q('play'), prev: q('prev'), next: q('next'), frameField: q('frame-field'), frameCount: q('frame-count'),
    speed: q('speed'), loop: q('loop'), mode: q('mode'), fit: q('fit'),
    show: { mesh: q('show-mesh'), wireframe: q('show-wireframe'), bones: q('show-bones'), axes: q('show-axes'), grid: q('show-grid') },
    exportPng: q('export-png'), exportVideo: q('export-video'), pick: q('pick'), rendererLabel: q('renderer-label'),
    curves: q('curves'), showCurves: q('show-curves'),
  };
}
