/** The layers panel's stylesheet (appended to the preview's), in VS Code's theme variables. */
export const LAYERS_CSS = `
  #layers { flex: none; border-top: 1px solid var(--vscode-panel-border, #444); padding: 6px 8px; display: flex; flex-direction: column; gap: 6px; }
  #layers h3 { margin: 0; font-size: 11px; text-transform: uppercase; letter-spacing: 0.04em; opacity: 0.8; }
  #layers .layer, #layers .attachment { display: flex; flex-direction: column; gap: 3px; padding: 4px 0; border-top: 1px dashed var(--vscode-panel-border, #444); }
  #layers .row { display: flex; align-items: center; gap: 4px 6px; flex-wrap: wrap; }
  #layers .name { font-weight: 600; flex: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  #layers input[type=range] { flex: 1; min-width: 60px; accent-color: var(--vscode-button-background); }
  #layers vscode-textfield { width: 4.5em; }
  #layers vscode-textfield.ranges { width: 8em; }
  #layers vscode-single-select { min-width: 6em; max-width: 100%; }
  /* The mesh and the bone to attach it to share a line where they fit (the select's own 320 px took one each). */
  #layers .attach vscode-single-select { flex: 1 1 7em; }
  #layers .bones { max-height: 9em; overflow: auto; display: flex; flex-direction: column; }
  #layers .note { opacity: 0.75; }
`;
