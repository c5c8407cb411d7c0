export { withVSCode, WEBGPU_CHROMIUM_ARGS, type SuiteResult, type VSCodeOptions, type VSCodeSession } from './withVSCode';
export { packageVsix, VSIX_PATH } from './vsix';
export { REPO_ROOT } from './tools';
export { makeWorkspace, type WorkspaceFiles } from './workspace';
export { answerInputBox, fillInputBox, openContextMenuItem, pickFromQuickInput, quickOpen, runCommand, waitForInputBox } from './quickInput';
export { hexFrame, inspectorLayout, openHexFile, rowBytes, setSearchMode, shownDescription, waitForRowBytes, waitForSelection } from './hexEditor';
