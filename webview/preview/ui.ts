/** The panel's DOM: toolbar (vscode-elements), canvas, bone list, notices. Built once; app.ts wires it. */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';

export interface PreviewDom {
  notice: HTMLElement;
  viewport: HTMLElement;
  play: HTMLElement;
  prev: HTMLElement;
  next: HTMLElement;
  scrubber: HTMLInputElement;
  frameLabel: HTMLElement;
  speed: HTMLElement & { value: string };
  loop: HTMLElement & { value: string };
  mode: HTMLElement & { value: string };
  fit: HTMLElement;
  pick: HTMLElement;
  rendererLabel: HTMLElement;
  boneList: HTMLElement;
  boneDetails: HTMLElement;
  assets: HTMLElement;
}

function select(id: string, label: string, options: [string, string][], selected: string): string {
  const items = options.map(([value, text]) => `<vscode-option value="${value}"${value === selected ? ' selected' : ''}>${text}</vscode-option>`).join('');
  return `<vscode-single-select id="${id}" title="${label}" aria-label="${label}">${items}</vscode-single-select>`;
}

export function buildDom(root: HTMLElement): PreviewDom {
  root.innerHTML = `
    <div id="notice" role="status"></div>
    <div id="assets"></div>
    <div id="main">
      <div id="viewport"></div>
      <aside id="side">
        <div id="bone-list" role="listbox" aria-label="Bones"></div>
        <pre id="bone-details"></pre>
      </aside>
    </div>
    <div id="controls">
      <vscode-button id="play" title="Play/pause (Space)">Play</vscode-button>
      <vscode-button id="prev" secondary title="Previous frame (Left)">&#9664;</vscode-button>
      <vscode-button id="next" secondary title="Next frame (Right)">&#9654;</vscode-button>
      <input id="scrubber" type="range" min="0" max="0" value="0" step="1" aria-label="Frame">
      <span id="frame-label">0 / 0</span>
      ${select('speed', 'Speed', [['0.25', '0.25x'], ['0.5', '0.5x'], ['1', '1x'], ['2', '2x'], ['4', '4x']], '1')}
      ${select('loop', 'Loop', [['repeat', 'Repeat'], ['once', 'Once'], ['pingPong', 'Ping-pong']], 'repeat')}
      ${select('mode', 'Frames', [['stamp', 'Stamp (exact frames)'], ['blended', 'Blended']], 'stamp')}
      <vscode-button id="fit" secondary title="Fit the camera to the clip's bounds over all frames (F)">Fit</vscode-button>
      <vscode-button id="pick" secondary title="Pick the skeleton and mesh to preview with">Skeleton/mesh...</vscode-button>
      <span id="renderer-label"></span>
    </div>`;
  const q = <T extends HTMLElement>(id: string): T => root.querySelector<T>(`#${id}`)!;
  return {
    notice: q('notice'), viewport: q('viewport'), play: q('play'), prev: q('prev'), next: q('next'),
    scrubber: q<HTMLInputElement>('scrubber'), frameLabel: q('frame-label'),
    speed: q('speed'), loop: q('loop'), mode: q('mode'), fit: q('fit'), pick: q('pick'),
    rendererLabel: q('renderer-label'), boneList: q('bone-list'), boneDetails: q('bone-details'), assets: q('assets'),
  };
}

export const PREVIEW_CSS = `
  html, body { height: 100%; margin: 0; padding: 0; overflow: hidden; }
  body { display: flex; flex-direction: column; color: var(--vscode-foreground); background: var(--vscode-editor-background); font: var(--vscode-font-size) var(--vscode-font-family); }
  #notice:empty, #assets:empty { display: none; }
  #notice { padding: 6px 10px; background: var(--vscode-inputValidation-warningBackground, #4d3b00); border-bottom: 1px solid var(--vscode-inputValidation-warningBorder, #b89500); white-space: pre-wrap; }
  #assets { padding: 2px 10px; opacity: 0.8; }
  #main { flex: 1; display: flex; min-height: 0; }
  #viewport { flex: 1; position: relative; min-width: 0; }
  #viewport canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; cursor: grab; }
  #side { width: clamp(110px, 24%, 230px); display: flex; flex-direction: column; border-left: 1px solid var(--vscode-panel-border, #444); }
  #bone-list { flex: 1; overflow: auto; }
  .bone { padding: 1px 8px; cursor: pointer; }
  .bone:hover { background: var(--vscode-list-hoverBackground); }
  .bone.selected { background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
  #bone-details { margin: 0; padding: 6px 8px; min-height: 7em; border-top: 1px solid var(--vscode-panel-border, #444); font-family: var(--vscode-editor-font-family); font-size: 11px; white-space: pre-wrap; }
  #controls { display: flex; align-items: center; gap: 6px; padding: 6px 8px; flex-wrap: wrap; border-top: 1px solid var(--vscode-panel-border, #444); }
  #scrubber { flex: 1; min-width: 120px; accent-color: var(--vscode-button-background); }
  #frame-label { font-variant-numeric: tabular-nums; min-width: 7em; }
  #renderer-label { opacity: 0.7; }
`;
