/**
 * The server's side of the settings model (formats/settings/): what `workspace/configuration`
 * answers for section `ewzanim` (or a client pushes in `workspace/didChangeConfiguration`) is
 * a nested object; it is read field by field, malformed values falling back to the defaults.
 */
import { DEFAULT_SETTINGS, nestedLookup, readSettings, type EwzanimSettings } from '../../formats/settings/settings';

export { DEFAULT_SETTINGS };

export function normalizeSettings(raw: unknown): EwzanimSettings {
  return readSettings(nestedLookup(raw));
}
