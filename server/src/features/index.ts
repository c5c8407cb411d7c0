import type { ServerCapabilities } from 'vscode-languageserver/node';
import type { ServerContext } from '../context';

/**
 * Hover, links, completion, quick fixes, listing hover, describe request: H5 fills this in.
 * Registers handlers on `ctx.connection` and returns the capabilities they need; server.ts
 * merges them into its initialize result (text document sync is the server's own).
 */
export function registerLanguageFeatures(_ctx: ServerContext): ServerCapabilities {
  return {};
}
