/**
 * The language features over one ServerContext: hover (manifests and keyframe listings),
 * document links, completion, quick fixes and code lenses in manifests, and the requests the
 * keyframe listing, the hex editor and the preview use. Each handler translates core results to
 * LSP types.
 */
import type { ServerCapabilities } from 'vscode-languageserver';
import type { ClientFeatures } from '../clientFeatures';
import type { ServerContext } from '../context';
import { registerClipLinksRequest } from './clipLinks/register';
import { registerDescribeRequest } from './describe/register';
import { registerListingRequest } from './listing/register';
import { registerHover } from './hover';
import { manifestCapabilities, registerManifestFeatures } from './manifest/register';

export function registerLanguageFeatures(ctx: ServerContext): void {
  registerDescribeRequest(ctx);
  registerListingRequest(ctx);
  registerClipLinksRequest(ctx);
  registerHover(ctx);
  registerManifestFeatures(ctx);
}

/** What the features offer a client, by what it declared. */
export function featureCapabilities(client: ClientFeatures): ServerCapabilities {
  return { hoverProvider: true, ...manifestCapabilities(client) };
}
