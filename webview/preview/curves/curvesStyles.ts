/**
 * The Curves panel's stylesheet: its layout, and the few rules of uPlot's own stylesheet
 * (uPlot.min.css, MIT) that the plots need (the legend and title are not used), in theme colours.
 */
export const CURVES_CSS = `
  /* Its height gives way to the side panel's, down to its heading, readout and three 60 px plots. */
  #curves { flex: 0 1 clamp(200px, 42vh, 460px); display: flex; flex-direction: column; min-height: auto; border-top: 1px solid var(--vscode-panel-border, #444); }
  .curves-head { display: flex; flex-wrap: wrap; gap: 0 14px; align-items: baseline; padding: 2px 8px; font-size: 12px; }
  .curves-title { font-weight: 600; }
  .curves-status { font-family: var(--vscode-editor-font-family, monospace); white-space: pre; }
  /* One row per bone: its stroke and name, then three fixed-width groups that wrap as wholes. */
  .curves-readout { flex: none; max-height: 7.6em; overflow-y: auto; padding: 0 8px 2px; font-family: var(--vscode-editor-font-family, monospace); font-size: 11px; line-height: 1.35; font-variant-numeric: tabular-nums; }
  .curves-row { display: flex; flex-wrap: wrap; gap: 0 2ch; align-items: center; }
  .curves-bone { flex: 0 0 22ch; min-width: 0; display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; overflow: hidden; }
  .curves-stroke { flex: none; }
  .curves-name { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
  .curves-values { white-space: pre; }
  .curves-body { flex: 1 1 0; min-height: 180px; overflow: hidden; contain: size; }
  .curves-playhead { position: absolute; top: 0; left: 0; width: 1px; height: 100%; pointer-events: none; opacity: 0.9; }
  .uplot, .uplot *, .uplot *::before, .uplot *::after { box-sizing: border-box; }
  .uplot { line-height: 1.5; width: min-content; }
  .u-wrap { position: relative; user-select: none; }
  .u-over, .u-under { position: absolute; }
  .u-under { overflow: hidden; }
  .uplot canvas { display: block; position: relative; width: 100%; height: 100%; }
  .u-axis { position: absolute; }
  .u-select { background: var(--vscode-editor-selectionBackground, rgba(128,128,128,0.2)); position: absolute; pointer-events: none; }
  .u-cursor-x, .u-cursor-y { position: absolute; left: 0; top: 0; pointer-events: none; will-change: transform; }
  .u-hz .u-cursor-x { height: 100%; border-right: 1px dashed var(--vscode-descriptionForeground, #888); }
  .u-hz .u-cursor-y { width: 100%; border-bottom: 1px dashed var(--vscode-descriptionForeground, #888); }
  .u-axis.u-off, .u-select.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off { display: none; }
`;
