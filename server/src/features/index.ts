/**
 * The language features over one ServerContext: hover (manifests and keyframe listings),
 * document links, completion, quick fixes and code lenses in manifests, and the requests the
 * keyframe listing and the hex editor use. Each handler translates core results to LSP types.
 */
import type { ServerCapabilities } from 'vscode-languageserver/node';
import type { ServerContext } from '../context';
import { registerDescribeRequest } from './describe/register';
import { registerListingRequest } from './listing/register';
import { registerHover } from './hover';
import { registerManifestFeatures } from './manifest/register';

export function registerLanguageFeatures(ctx: ServerContext): ServerCapabilities {
  registerDescribeRequest(ctx);
  registerListingRequest(ctx);
  registerHover(ctx);
  return {
    hoverProvider: true,
    ...registerManifestFeatures(ctx),
  };
}
