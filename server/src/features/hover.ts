import type { Hover, HoverParams } from 'vscode-languageserver';
import type { TextPosition } from '../../../formats';
import type { ManifestHover } from '../../../formats/manifest';
import { parseListingUri } from '../../../protocol/listing';
import type { ServerContext } from '../context';
import { listingHover } from './listing/listingHover';
import { markup, toLspRange } from './lsp';
import { factsOf } from './manifest/register';

async function manifestHover(ctx: ServerContext, uri: string, position: TextPosition): Promise<ManifestHover | undefined> {
  const facts = await factsOf(ctx, uri);
  const settings = ctx.settings();
  return facts ? ctx.manifestService.hover(facts, position, { frameRate: settings.frameRate, animationBufferLimit: settings.maxStorageBufferBindingSize }) : undefined;
}

/** One hover handler per connection: keyframe listings and manifests. */
export function registerHover(ctx: ServerContext): void {
  ctx.connection.onHover(async (params: HoverParams): Promise<Hover | null> => {
    const uri = params.textDocument.uri;
    const location = parseListingUri(uri);
    const found = location
      ? await listingHover(ctx.files, location, ctx.uriToPath(location.clip), params.position, ctx.settings().frameRate)
      : await manifestHover(ctx, uri, params.position);
    if (!found) return null;
    return { contents: markup(found.markdown, ctx.client().markdownHover), ...(found.range ? { range: toLspRange(found.range) } : {}) };
  });
}
