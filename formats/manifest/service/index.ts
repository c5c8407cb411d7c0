/**
 * The manifest language service: everything an editor asks of a `nether.toml` / `ember.toml`
 * (hover, completion, quick fixes, document links, preview lenses, a clip's links), as plain
 * data from the core's own types, like `vscode-json-languageservice`. The language server only
 * registers handlers and translates these results into LSP types; no LSP type is known here.
 * Every answer works from a manifest check (`ManifestFacts`) or, for completion, from a parse of
 * the text as typed; files are read only through the `FileAccess` given.
 */
import type { TextPosition, TextRange } from '../../diagnostics';
import type { FileAccess } from '../../fileAccess';
import { gltfExportHoverLines, GltfExportSummaryCache } from './gltfExportHover';
import type { ManifestModel } from '../model';
import { clipLinks, packCandidates, type ClipLinkFacts } from './clipLinks';
import { manifestCompletions, type CompletionSuggestion } from './completion';
import type { ManifestFacts } from './facts';
import { manifestFixes, type ManifestFix } from './fixes';
import { manifestHoverAt, type ManifestHover, type ManifestHoverOptions } from './hover';
import { pathLinks, previewLenses, type PathLink, type PreviewLens } from './linksAndLenses';
import { missingFileFixes } from './pathTypoFix';

export interface ManifestLanguageService {
  /**
   * The hover at `position`. On an entry that imports an animation from a .gltf/.glb it adds the
   * quantisation report's summary of that export (computed once per file version).
   */
  hover(facts: ManifestFacts, position: TextPosition, options: ManifestHoverOptions): Promise<ManifestHover | undefined>;
  /** From the model of the text as typed (completion cannot wait for a check). */
  completions(model: ManifestModel, position: TextPosition): Promise<CompletionSuggestion[]>;
  /** Quick fixes for the diagnostics that touch `range`. */
  fixes(facts: ManifestFacts, range: TextRange): Promise<ManifestFix[]>;
  links(facts: ManifestFacts): PathLink[];
  previewLenses(facts: ManifestFacts): PreviewLens[];
  /** The links of the clip at an absolute path; undefined when the manifest does not list it. */
  clipLinks(facts: ManifestFacts, clipPath: string): ClipLinkFacts | undefined;
  /** The pack's native skeletons and meshes whose files exist (what a preview can offer). */
  packCandidates(facts: ManifestFacts): ClipLinkFacts['candidates'];
}

export function createManifestLanguageService(files: FileAccess): ManifestLanguageService {
  const exportSummaries = new GltfExportSummaryCache();
  return {
    hover: async (facts, position, options) => {
      const hover = manifestHoverAt(facts, position, options);
      if (!hover) return undefined;
      const exportLines = await gltfExportHoverLines(files, exportSummaries, facts, position, options.frameRate);
      return exportLines.length ? { ...hover, markdown: [hover.markdown, ...exportLines].join('\n') } : hover;
    },
    completions: (model, position) => manifestCompletions(model, position, files),
    fixes: async (facts, range) => [...manifestFixes(facts, range), ...(await missingFileFixes(facts, range, files))],
    links: pathLinks,
    previewLenses,
    clipLinks,
    packCandidates,
  };
}

export type { ClipLinkFacts, LinkedAssetFacts } from './clipLinks';
export type { CompletionSuggestion, SuggestionKind } from './completion';
export type { ManifestFacts } from './facts';
export type { ManifestFix, TextEditFact } from './fixes';
export type { ManifestHover, ManifestHoverOptions } from './hover';
export type { PathLink, PreviewLens } from './linksAndLenses';
