/**
 * `ewzanim.openPreview` ({clip, skeleton?, mesh?} URIs as strings, or a clip Uri from a menu, or
 * the active editor's clip) and `ewzanim.previewWithSkeletonMesh` (pick both, remembered per clip).
 * Without explicit assets the manifest's links decide, then the last pick for that clip, then a
 * guess by bone count (the core's `guessSkeletonAndMesh`), and the panel says which in words.
 */
import * as vscode from 'vscode';
import { guessSkeletonAndMesh, guessText, rankCandidates } from '../../../formats/assetGuess';
import { kindOfPath } from '../../../formats/fileKinds';
import type { OpenPreviewArgs } from '../../../protocol/preview';
import type { ExtensionServices } from '../services';
import { kindOptions } from '../kindOptions';
import { clipBoneCount, uriCandidates, workspacePreviewFiles, type UriCandidate } from './candidates';
import { linkedAssets } from './manifestLinks';
import { PreviewPanel, type PreviewAssets } from './previewPanel';

const PICKS_KEY = 'ewzanim.preview.picks';

interface StoredPick {
  skeleton?: string;
  mesh?: string;
}

/** What the e2e tests reach through the command's return value. */
export type OpenPreviewResult = PreviewPanel | undefined;

export function registerPreview(context: vscode.ExtensionContext, services: ExtensionServices): void {
  const panels = new Map<string, PreviewPanel>();

  const picks = (): Record<string, StoredPick> => context.workspaceState.get<Record<string, StoredPick>>(PICKS_KEY, {});

  async function resolveAssets(args: OpenPreviewArgs): Promise<PreviewAssets> {
    const clip = vscode.Uri.parse(args.clip);
    if (args.skeleton || args.mesh) {
      return { clip, skeleton: args.skeleton ? vscode.Uri.parse(args.skeleton) : undefined, mesh: args.mesh ? vscode.Uri.parse(args.mesh) : undefined, linkSource: 'chosen by the command that opened this preview' };
    }
    const linked = await linkedAssets(services, clip);
    if (linked) return { clip, ...linked, linkSource: linked.source };
    const picked = picks()[args.clip];
    if (picked) return { clip, skeleton: picked.skeleton ? vscode.Uri.parse(picked.skeleton) : undefined, mesh: picked.mesh ? vscode.Uri.parse(picked.mesh) : undefined, linkSource: 'picked by you earlier for this clip' };
    return guessedAssets(services, clip);
  }

  function show(assets: PreviewAssets, replaceAssets: boolean): PreviewPanel {
    const key = assets.clip.toString();
    const existing = panels.get(key);
    if (existing) {
      existing.reveal();
      if (replaceAssets) void existing.setAssets(assets);
      return existing;
    }
    const panel = new PreviewPanel(context, services, assets, (p) => void pick(p.assets.clip));
    panels.set(key, panel);
    panel.onDidDispose(() => {
      panels.delete(key);
      panel.dispose();
    });
    return panel;
  }

  async function open(args: OpenPreviewArgs): Promise<PreviewPanel> {
    return show(await resolveAssets(args), Boolean(args.skeleton || args.mesh));
  }

  async function pick(clip: vscode.Uri | undefined): Promise<PreviewPanel | undefined> {
    if (!clip) return undefined;
    const [bones, files] = await Promise.all([clipBoneCount(services.files, clip), workspacePreviewFiles(services.files)]);
    const skeleton = await pickFile(await uriCandidates(files, 'skeleton'), 'skeleton', bones, clip, 'Skeleton to preview with (skeleton mode), or none for raw mode');
    if (skeleton === undefined) return undefined;
    const mesh = await pickFile(await uriCandidates(files, 'mesh'), 'mesh', bones, clip, 'Skinned mesh to draw, or none for bones only');
    if (mesh === undefined) return undefined;
    await context.workspaceState.update(PICKS_KEY, { ...picks(), [clip.toString()]: { skeleton: skeleton?.toString(), mesh: mesh?.toString() } });
    return show({ clip, skeleton: skeleton ?? undefined, mesh: mesh ?? undefined, linkSource: 'picked by you' }, true);
  }

  context.subscriptions.push(
    { dispose: () => { for (const p of panels.values()) p.dispose(); } },
    vscode.commands.registerCommand('ewzanim.openPreview', async (arg?: OpenPreviewArgs | vscode.Uri): Promise<OpenPreviewResult> => {
      const args = toArgs(arg);
      if (!args) {
        void vscode.window.showInformationMessage('Open a clip (.nczxanim or .ewzanim) first, then run "Open Preview to the Side".');
        return undefined;
      }
      return open(args);
    }),
    vscode.commands.registerCommand('ewzanim.showCurves', async (arg?: OpenPreviewArgs | vscode.Uri): Promise<OpenPreviewResult> => {
      const args = toArgs(arg);
      if (!args) {
        void vscode.window.showInformationMessage('Open a clip (.nczxanim or .ewzanim) first, then run "Show Curves".');
        return undefined;
      }
      const panel = await open(args);
      panel.showCurves();
      return panel;
    }),
    vscode.commands.registerCommand('ewzanim.previewWithSkeletonMesh', async (arg?: OpenPreviewArgs | vscode.Uri): Promise<OpenPreviewResult> => {
      const args = toArgs(arg);
      return pick(args ? vscode.Uri.parse(args.clip) : undefined);
    }),
  );
}

/** The command's argument, a menu's Uri, or the clip open in the active editor or custom editor. */
function toArgs(arg: OpenPreviewArgs | vscode.Uri | undefined): OpenPreviewArgs | undefined {
  if (arg instanceof vscode.Uri) return { clip: arg.toString() };
  if (arg && typeof arg.clip === 'string') return arg;
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const uri = input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText ? input.uri : vscode.window.activeTextEditor?.document.uri;
  return uri && kindOfPath(uri.path, kindOptions())?.kind === 'clip' ? { clip: uri.toString() } : undefined;
}

/** No link and no earlier pick: the skeleton and mesh whose bone counts fit, if that is clear; the reason either way. */
async function guessedAssets(services: ExtensionServices, clip: vscode.Uri): Promise<PreviewAssets> {
  const bones = await clipBoneCount(services.files, clip);
  if (bones === 0) return { clip };
  const files = await workspacePreviewFiles(services.files);
  const [skeletons, meshes] = await Promise.all([uriCandidates(files, 'skeleton'), uriCandidates(files, 'mesh')]);
  const guess = guessSkeletonAndMesh(bones, skeletons, meshes, clip.toString());
  return { clip, skeleton: guess.skeleton.chosen?.uri, mesh: guess.mesh.chosen?.uri, linkSource: guessText(guess) };
}

/**
 * A quick pick of the workspace's skeletons or meshes, those whose bone counts fit the clip
 * first, each with its bone count; null = "none", undefined = cancelled.
 */
async function pickFile(candidates: readonly UriCandidate[], kind: 'skeleton' | 'mesh', clipBones: number, clip: vscode.Uri, placeHolder: string): Promise<vscode.Uri | null | undefined> {
  const ranked = rankCandidates<UriCandidate>(kind, clipBones, candidates, clip.toString());
  type Item = vscode.QuickPickItem & { uri?: vscode.Uri | null };
  const items: Item[] = [{ label: '(none)', description: kind === 'skeleton' ? 'raw mode' : 'bones only', uri: null }];
  const fits = ranked.filter((r) => r.fits);
  if (fits.length) items.push({ label: `fit the clip's ${clipBones} bones`, kind: vscode.QuickPickItemKind.Separator });
  for (const [i, r] of ranked.entries()) {
    if (i === fits.length && i > 0) items.push({ label: 'other bone counts', kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: r.candidate.uri.path.split('/').pop()!, description: `${r.label} · ${vscode.workspace.asRelativePath(r.candidate.uri)}`, uri: r.candidate.uri });
  }
  const chosen = await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true });
  return chosen ? chosen.uri ?? null : undefined;
}
