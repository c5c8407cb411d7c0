import type { Hover, HoverParams } from 'vscode-languageserver/node';
import { gltfExportHoverLines, GltfExportSummaryCache, type TextPosition } from '../../../formats';
import { parseListingUri } from '../../../protocol/listing';
import type { ServerContext } from '../context';
import { listingHover } from './listing/listingHover';
import { markdown, toLspRange } from './lsp';
import { manifestHoverAt, type ManifestHover } from './manifest/hover';
import { factsOf } from './manifest/register';

/** Quantisation report summaries of glTF animation imports, by file size and mtime. */
const gltfExportSummaries = new GltfExportSummaryCache();

async function manifestHover(ctx: ServerContext, uri: string, position: TextPosition): Promise<ManifestHover | undefined> {
  const facts = await factsOf(ctx, uri);
  const hover = facts ? manifestHoverAt(facts, position, ctx.settings().frameRate) : undefined;
  if (!facts || !hover) return hover;
  const exportLines = await gltfExportHoverLines(ctx.files, gltfExportSummaries, facts, position, ctx.settings().frameRate);
  return exportLines.length ? { ...hover, markdown: [hover.markdown, ...exportLines].join('\n') } : hover;
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
    return { contents: markdown(found.markdown), ...(found.range ? { range: toLspRange(found.range) } : {}) };
  });
}
