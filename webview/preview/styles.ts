/** The panel's stylesheet: VS Code's theme variables, so light, dark and high-contrast themes all read. */
import { CURVES_CSS } from './curves/curvesStyles';
import { GHOST_LEGEND_CSS } from './ghost/ghostLegend';
import { LAYERS_CSS } from './layers/layersStyles';

export const PREVIEW_CSS = `
  html, body { height: 100%; margin: 0; padding: 0; }
  html { overflow: hidden; }
  /* The page scrolls only where the panels' least heights (below) do not fit the pane. */
  body { overflow: hidden auto; }
  body { display: flex; flex-direction: column; color: var(--vscode-foreground); background: var(--vscode-editor-background); font: var(--vscode-font-size) var(--vscode-font-family); }
  [hidden] { display: none !important; }
  #notice:empty, #assets:empty { display: none; }
  /* Banners, the timeline and the controls keep their heights; #main and #curves share the rest. */
  #notice, #mismatch, #assets, #timeline, .controls { flex: none; }
  #notice, #mismatch { padding: 6px 10px; background: var(--vscode-inputValidation-warningBackground, #4d3b00); border-bottom: 1px solid var(--vscode-inputValidation-warningBorder, #b89500); white-space: pre-wrap; }
  #mismatch { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center; }
  #mismatch-text { flex: 1 1 420px; }
  #mismatch .rule { display: flex; align-items: center; gap: 6px; white-space: nowrap; }
  #assets { padding: 3px 10px; opacity: 0.85; overflow-wrap: anywhere; }
  /*
   * The viewport takes what is left; the side panel never less than its content: the bone list's
   * first rows, the readout and the attached meshes stay whole when the Curves panel opens (its own
   * height gives way first). With the mixer shown its longer content scrolls in the side panel.
   */
  #main { flex: 1 1 0; display: flex; min-height: auto; }
  #main:has(#mixer:not([hidden])) { min-height: 17em; }
  #viewport { flex: 1; position: relative; min-width: 0; min-height: 4em; }
  #viewport canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; cursor: grab; outline: none; }
  #viewport canvas:active { cursor: grabbing; }
  #triad { position: absolute; left: 8px; bottom: 8px; width: 64px; height: 64px; pointer-events: none; }
  #triad text { font: 0.42px var(--vscode-font-family); font-weight: 600; dominant-baseline: central; text-anchor: middle; }
  #side { width: clamp(150px, 26%, 280px); display: flex; flex-direction: column; border-left: 1px solid var(--vscode-panel-border, #444); min-height: 0; overflow-y: auto; }
  #bone-list { flex: 1 1 6em; overflow: auto; min-height: 6em; }
  #bone-details, #mixer { flex: none; }
  /* A narrow panel: the side panel goes under the viewport, which keeps the full width. */
  @media (max-width: 560px) {
    #main { flex-direction: column; }
    #side { width: auto; border-left: none; border-top: 1px solid var(--vscode-panel-border, #444); }
    /* The bones beside their readout (under it, the readout's 8.5 lines were cut), the mixer and layers below both. */
    #side { display: grid; grid-template-columns: minmax(8em, 1fr) fit-content(calc(100% - 8em)); align-content: start; max-height: max(16em, 40vh); }
    #bone-list { grid-column: 1; grid-row: 1; max-height: 8.5em; }
    #bone-details { grid-column: 2; grid-row: 1; border-top: none; border-left: 1px solid var(--vscode-panel-border, #444); }
    #mixer, #layers { grid-column: 1 / -1; }
  }
  .bone { padding: 1px 8px; cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .bone .note { opacity: 0.7; }
  .bone:hover { background: var(--vscode-list-hoverBackground); }
  .bone.selected { background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
  #bone-details { margin: 0; padding: 6px 8px; min-height: 8.5em; border-top: 1px solid var(--vscode-panel-border, #444); font-family: var(--vscode-editor-font-family); font-size: 11px; white-space: pre; overflow-x: auto; font-variant-numeric: tabular-nums; }
  /* A quantity's name, then its components in cells of one width that wrap under one another. */
  #bone-details .bd-head { white-space: normal; overflow-wrap: anywhere; }
  #bone-details .bd-line { display: flex; }
  #bone-details .bd-name { flex: none; width: 9ch; }
  #bone-details .bd-cells { display: flex; flex-wrap: wrap; column-gap: 2ch; min-width: 0; }
  #mixer { border-top: 1px solid var(--vscode-panel-border, #444); padding: 6px 8px; display: flex; flex-direction: column; gap: 6px; }
  #mixer h3 { margin: 0; font-size: 11px; text-transform: uppercase; letter-spacing: 0.04em; opacity: 0.8; }
  #mixer .action { display: grid; grid-template-columns: auto 1fr auto; gap: 3px 6px; align-items: center; }
  #mixer .action .name { grid-column: 1 / -1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
  #mixer input[type=range] { width: 100%; accent-color: var(--vscode-button-background); }
  #mixer vscode-textfield { width: 5em; }
  #mixer vscode-single-select { width: 100%; }
  #mixer .row { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
  #mixer .weights { font-variant-numeric: tabular-nums; opacity: 0.85; }
  #timeline { position: relative; height: 34px; border-top: 1px solid var(--vscode-panel-border, #444); touch-action: none; cursor: pointer; }
  #timeline canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
  #timeline:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px; }
  .controls { display: flex; align-items: center; gap: 6px 8px; padding: 4px 8px; flex-wrap: wrap; }
  #transport { border-top: 1px solid var(--vscode-panel-border, #444); }
  .frame { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; font-variant-numeric: tabular-nums; }
  #frame-field { width: 5.5em; }
  #speed { width: 6em; }
  #loop { width: 8.5em; }
  #mode { width: 19em; }
  #rule { width: 22em; }
  #renderer-label { opacity: 0.7; margin-left: auto; }
` + CURVES_CSS + LAYERS_CSS + GHOST_LEGEND_CSS;
