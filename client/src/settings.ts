/**
 * The extension's side of the settings model (formats/settings/): VS Code's configuration read
 * key by key through the one reader (the server validates with the same), and its changes as
 * the model describes them.
 */
import * as vscode from 'vscode';
import { readSettings, settingsChange, SETTINGS_SECTION, type EwzanimSettings, type SettingsChange } from '../../formats/settings/settings';

/** The `ewzanim.*` settings now, validated (malformed values read as their defaults). */
export function workspaceSettings(): EwzanimSettings {
  const configuration = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  return readSettings((key) => configuration.get(key));
}

/** Calls `listener` after a change of the `ewzanim.*` settings that changed a value. */
export function onDidChangeSettings(listener: (change: SettingsChange, settings: EwzanimSettings) => void): vscode.Disposable {
  let current = workspaceSettings();
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (!event.affectsConfiguration(SETTINGS_SECTION)) return;
    const next = workspaceSettings();
    const change = settingsChange(current, next);
    current = next;
    if (change.changed.length > 0) listener(change, next);
  });
}
