/**
 * "Nethercore ZX: Export Animation from glTF…" (`ewzanim.exportFromGltf`, also on .gltf/.glb in
 * the Explorer's context menu): pick animations, skin, frame rate, files and folder (beside the
 * glTF by default), write the clips (and the skeleton and mesh) with the core's exporter, write
 * the quantisation report (`<model>.report.md`, worst bones first) and the export record
 * (`<model>.export.json`, the bones' names) beside them, show the report's preview, and ask in a
 * modal dialog whether to list the files in the nearest manifest, which then opens with the new
 * entries selected. Every question can be answered by the command's second argument
 * (automation, tests).
 */
import { FbxConversionError, isFbxPath } from '../../../node/fbx/conversionError';
import * as vscode from 'vscode';
import type { Document } from '@gltf-transform/core';
import {
  AnimationExporter,
  conversionNotesMarkdown,
  exportMesh,
  exportSidecarNames,
  exportSidecars,
  exportSkeleton,
  formatGltfProblem,
  GltfExportError,
  gltfInventory,
  loadGltfDocument,
  relativePath,
  type ConversionNote,
  type ExportedFileKind,
  type ExportedOutput,
  type ExportSummary,
  type GltfInventory,
  type GltfProblem,
  type Selector,
} from '../../../formats/gltf';
import { idFromName, manifestEntriesText } from '../../../formats/manifest';
import { formatFixed } from '../../../formats/numberText';
import { PreviewPanel } from '../preview/previewPanel';
import { boneNamesOfClip } from './boneNames';
import type { GltfExportHost } from './exportHost';
import { exportFailureMessage } from './failureMessage';
import { workspaceFileAccess } from './workspaceFileAccess';
import { workspaceSettings } from '../settings';

export type ExportOutput = ExportedFileKind;

export interface ExportFromGltfOptions {
  /** Animations by index or name; default: asked. */
  animations?: Selector[];
  skin?: Selector;
  frameRate?: number;
  outputs?: ExportOutput[];
  /** The folder to write to; default: asked, offering the glTF's folder first. */
  folder?: vscode.Uri;
  /** Replace existing files without asking. */
  overwrite?: boolean;
  /** true: add the entries to the nearest manifest without asking; false: do not offer. */
  addToManifest?: boolean;
  /** Open the report's preview (default true; the report file is written either way). */
  showReport?: boolean;
}

export interface ExportFromGltfResult {
  /** The clips, skeleton and mesh written (URIs). */
  written: string[];
  /** The report file beside them (when clips were written). */
  report?: string;
  /** The export record beside them. */
  record?: string;
  /** The manifest the entries were added to. */
  manifest?: string;
}

const MANIFEST_NAMES = ['nether.toml', 'ember.toml'];

function isGltf(uri: vscode.Uri): boolean {
  return /\.(gltf|glb|fbx)$/i.test(uri.path);
}

function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

function stem(uri: vscode.Uri): string {
  return baseName(uri).replace(/\.[^.]*$/, '');
}

function fileSafe(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'animation';
}

async function targetOf(argument: unknown, host: GltfExportHost): Promise<vscode.Uri | undefined> {
  if (argument instanceof vscode.Uri && isGltf(argument)) return argument;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && isGltf(active)) return active;
  const filters: Record<string, string[]> = host.loadFbx ? { 'glTF or FBX': ['gltf', 'glb', 'fbx'] } : { glTF: ['gltf', 'glb'] };
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Export from glTF', filters });
  return picked?.[0];
}

async function pickAnimations(inventory: GltfInventory, frameRate: number): Promise<Selector[] | undefined> {
  if (inventory.animations.length === 1) return [0];
  const items = inventory.animations.map((a) => ({
    label: a.name || `animation ${a.index}`,
    description: `${formatFixed(a.lastKeyTime, 3)} s, ${a.frameCount} frames at ${frameRate} fps`,
    detail: `${a.channels} channels, ${a.interpolations.join('/')}`,
    picked: a.index === 0,
    index: a.index,
  }));
  const picked = await vscode.window.showQuickPick(items, { canPickMany: true, title: 'Export Animation from glTF: animations', placeHolder: 'Animations to export (one clip each)' });
  return picked && picked.length ? picked.map((p) => p.index) : undefined;
}

async function pickSkin(inventory: GltfInventory, animations: Selector[]): Promise<Selector | undefined> {
  if (inventory.skins.length === 1) return 0;
  const first = inventory.animations[Number(animations[0])];
  const moved = (skin: number) => first?.drivenJoints[skin] ?? 0;
  const items = inventory.skins
    .map((s) => ({ label: s.name || `skin ${s.index}`, description: `${s.joints} joints`, detail: moved(s.index) ? `the animation moves ${moved(s.index)} of its joints` : 'not moved by the animation', index: s.index }))
    .sort((a, b) => moved(b.index) - moved(a.index) || a.index - b.index);
  return (await vscode.window.showQuickPick(items, { title: 'Export Animation from glTF: skin', placeHolder: 'The skin whose joints become the clip\'s bones' }))?.index;
}

async function askFrameRate(): Promise<number | undefined> {
  const fallback = workspaceSettings().frameRate;
  const text = await vscode.window.showInputBox({
    title: 'Export Animation from glTF: frame rate',
    prompt: 'Frames per second the animation is sampled at (clips store none; the console plays one frame per keyframe_bind)',
    value: String(fallback),
    validateInput: (value) => (Number(value) > 0 && Number.isFinite(Number(value)) ? undefined : 'A positive number of frames per second'),
  });
  return text === undefined ? undefined : Number(text);
}

async function pickOutputs(inventory: GltfInventory): Promise<ExportOutput[] | undefined> {
  const items: (vscode.QuickPickItem & { output: ExportOutput })[] = [
    { label: 'Clips', description: '.nczxanim, model-space keyframes', picked: true, output: 'clip' },
    { label: 'Skeleton', description: '.nczxskel, the skin\'s inverse bind matrices', picked: true, output: 'skeleton' },
  ];
  if (inventory.meshes.length) items.push({ label: 'Mesh', description: '.nczxmesh, the skinned mesh', picked: true, output: 'mesh' });
  const picked = await vscode.window.showQuickPick(items, { canPickMany: true, title: 'Export Animation from glTF: files to write' });
  return picked && picked.length ? picked.map((p) => p.output) : undefined;
}

async function pickFolder(target: vscode.Uri): Promise<vscode.Uri | undefined> {
  const beside = vscode.Uri.joinPath(target, '..');
  const items: (vscode.QuickPickItem & { choose: boolean })[] = [
    { label: 'Beside the model', description: `next to ${vscode.workspace.asRelativePath(target)}`, detail: 'The folder of the glTF file (default)', choose: false },
    { label: 'Choose a folder…', detail: 'Any folder; the report and the export record are written there too', choose: true },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'Export Animation from glTF: where to write', placeHolder: 'The folder for the clips, skeleton, mesh and report' });
  if (!picked) return undefined;
  if (!picked.choose) return beside;
  const chosen = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, defaultUri: beside, openLabel: 'Write Here', title: 'Export Animation from glTF: folder' });
  return chosen?.[0];
}

interface PlannedFile extends Omit<ExportedOutput, 'path'> {
  uri: vscode.Uri;
  id: string;
  pieces(): Iterable<Uint8Array>;
}

function writeFile(host: GltfExportHost, file: PlannedFile): Promise<void> {
  return host.write(file.uri, (async function* () {
    yield* file.pieces();
  })());
}

/** The nearest nether.toml / ember.toml from `start` up to its workspace folder. */
async function nearestManifest(start: vscode.Uri): Promise<vscode.Uri | undefined> {
  const root = vscode.workspace.getWorkspaceFolder(start)?.uri;
  let folder = start;
  for (;;) {
    for (const name of MANIFEST_NAMES) {
      const candidate = vscode.Uri.joinPath(folder, name);
      try {
        await vscode.workspace.fs.stat(candidate);
        return candidate;
      } catch {
        // not here
      }
    }
    if (!root || folder.path === root.path || folder.path.length <= root.path.length) return undefined;
    folder = vscode.Uri.joinPath(folder, '..');
  }
}

/** The manifest's entries for `files`, appended and saved; the manifest opens with them selected. */
async function addToManifest(manifest: vscode.Uri, files: PlannedFile[]): Promise<void> {
  const document = await vscode.workspace.openTextDocument(manifest);
  const folder = vscode.Uri.joinPath(manifest, '..');
  const entry = (f: PlannedFile) => ({ id: f.id, path: relativePath(folder.path, f.uri.path) });
  const skeleton = files.find((f) => f.kind === 'skeleton');
  const mesh = files.find((f) => f.kind === 'mesh');
  const text = manifestEntriesText(document.getText(), manifest.path, {
    ...(skeleton ? { skeleton: entry(skeleton) } : {}),
    ...(mesh ? { mesh: entry(mesh) } : {}),
    clips: files.filter((f) => f.kind === 'clip').map(entry),
  });
  const end = document.lineAt(document.lineCount - 1).range.end;
  const startOffset = document.offsetAt(end);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(manifest, end, text);
  await vscode.workspace.applyEdit(edit);
  await document.save();
  const leading = text.length - text.trimStart().length;
  const added = new vscode.Range(document.positionAt(startOffset + leading), document.positionAt(startOffset + text.trimEnd().length));
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  // Anchored at the end, the cursor on the first new line: the view starts at the entries.
  editor.selection = new vscode.Selection(added.end, added.start);
  editor.revealRange(added, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** Writes the report and the export record beside the outputs (the record merged with an older one). */
async function writeSidecars(target: vscode.Uri, folder: vscode.Uri, files: PlannedFile[], summaries: ExportSummary[], notes: GltfProblem[], conversion?: ConversionNote): Promise<{ report?: vscode.Uri; record: vscode.Uri }> {
  const { report, record } = exportSidecars({
    modelPath: target.path,
    outputFolder: folder.path,
    outputs: files.map(({ uri, kind, skin, mesh, plan, joints }) => ({ kind, path: uri.path, skin, mesh, plan, joints })),
    summaries,
    notes,
    previousRecordText: await readText(vscode.Uri.joinPath(folder, exportSidecarNames(target.path).record)),
  });
  const write = async (sidecar: { name: string; text: string }) => {
    const uri = vscode.Uri.joinPath(folder, sidecar.name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(sidecar.text));
    return uri;
  };
  const reportText = report && conversion ? { ...report, text: report.text + conversionNotesMarkdown(conversion) } : report;
  return { ...(reportText ? { report: await write(reportText) } : {}), record: await write(record) };
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

const FBX_NOT_ON_THE_WEB = (): FbxConversionError => new FbxConversionError('FBX2glTF is a native program: FBX import is not available in VS Code for the Web', 'converter-missing');

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export async function exportFromGltf(host: GltfExportHost, argument?: unknown, options: ExportFromGltfOptions = {}): Promise<ExportFromGltfResult | undefined> {
  const target = await targetOf(argument, host);
  if (!target) return undefined;
  const access = workspaceFileAccess(target);
  const fbx = isFbxPath(target.path);
  if (fbx && !host.loadFbx) {
    // Nothing to ask before saying so: the browser has no converter.
    void vscode.window.showErrorMessage(exportFailureMessage(baseName(target), 'read', FBX_NOT_ON_THE_WEB()));
    return undefined;
  }
  // An .fbx is baked at the export's frame rate, so the rate is asked before it is converted.
  const fbxRate = fbx ? options.frameRate ?? (await askFrameRate()) : undefined;
  if (fbx && fbxRate === undefined) return undefined;
  let document: Document;
  let conversion: ConversionNote | undefined;
  try {
    const stat = await access.stat(target.path);
    if (!stat) throw new Error('it does not exist');
    document = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${fbx ? 'Converting' : 'Reading'} ${baseName(target)}` }, async () => {
      if (!fbx) return loadGltfDocument(access, target.path, stat.size, undefined, await host.decoders());
      if (!host.loadFbx) throw FBX_NOT_ON_THE_WEB();
      const loaded = await host.loadFbx(target, fbxRate!);
      conversion = { converter: 'FBX2glTF', source: baseName(target), bakedAt: loaded.bakedAt, warnings: loaded.warnings };
      return loaded.document;
    });
  } catch (error) {
    void vscode.window.showErrorMessage(exportFailureMessage(baseName(target), 'read', error));
    return undefined;
  }
  if (conversion?.warnings.length) void vscode.window.showWarningMessage(`FBX2glTF converted ${baseName(target)} with ${plural(conversion.warnings.length, 'warning')}: ${conversion.warnings[0]}${conversion.warnings.length > 1 ? ' (all of them are in the report)' : ''}`);
  // Frame counts as the export will write them: an .fbx at the rate it was baked for.
  const listedRate = fbxRate ?? options.frameRate ?? workspaceSettings().frameRate;
  const inventory = gltfInventory(document, listedRate);
  if (inventory.animations.length === 0 || inventory.skins.length === 0) {
    void vscode.window.showErrorMessage(`${baseName(target)} has no ${inventory.skins.length === 0 ? 'skin' : 'animation'}: there is nothing to export as a clip.`);
    return undefined;
  }
  const animations = options.animations ?? (await pickAnimations(inventory, listedRate));
  if (!animations) return undefined;
  const skin = options.skin ?? (await pickSkin(inventory, animations));
  if (skin === undefined) return undefined;
  const frameRate = fbxRate ?? options.frameRate ?? (await askFrameRate());
  if (frameRate === undefined) return undefined;
  const outputs = options.outputs ?? (await pickOutputs(inventory));
  if (!outputs) return undefined;
  const folder = options.folder ?? (await pickFolder(target));
  if (!folder) return undefined;

  const base = stem(target);
  const files: PlannedFile[] = [];
  const exporters: AnimationExporter[] = [];
  const notes: GltfProblem[] = [];
  try {
    if (outputs.includes('clip')) {
      for (const selector of animations) {
        const exporter = AnimationExporter.create(document, { animation: selector, skin, frameRate });
        exporters.push(exporter);
        const name = exporter.plan.animation.name || `animation${exporter.plan.animation.index}`;
        files.push({ uri: vscode.Uri.joinPath(folder, `${base}.${fileSafe(name)}.nczxanim`), kind: 'clip', skin: exporter.plan.skin, plan: exporter.plan, id: idFromName(`${base}_${name}`), pieces: () => exporter.pieces() });
      }
    }
    if (outputs.includes('skeleton')) {
      const skeleton = exportSkeleton(document, { skin });
      notes.push(...skeleton.problems);
      files.push({ uri: vscode.Uri.joinPath(folder, `${base}.nczxskel`), kind: 'skeleton', skin: skeleton.skin, joints: skeleton.joints, id: idFromName(base), pieces: () => [skeleton.bytes] });
    }
    if (outputs.includes('mesh')) {
      const mesh = exportMesh(document, { skin });
      notes.push(...mesh.problems);
      files.push({ uri: vscode.Uri.joinPath(folder, `${base}.nczxmesh`), kind: 'mesh', mesh: mesh.mesh, id: idFromName(base), pieces: () => [mesh.bytes] });
    }
  } catch (error) {
    if (!(error instanceof GltfExportError)) throw error;
    const first = error.problems.find((p) => p.severity === 'error') ?? error.problems[0];
    void vscode.window.showErrorMessage(`${baseName(target)} cannot be exported: ${first ? formatGltfProblem(first) : error.message}`);
    return undefined;
  }

  const existing: vscode.Uri[] = [];
  const reportUri = vscode.Uri.joinPath(folder, exportSidecarNames(target.path).report);
  for (const uri of [...files.map((f) => f.uri), ...(exporters.length ? [reportUri] : [])]) {
    try {
      await vscode.workspace.fs.stat(uri);
      existing.push(uri);
    } catch {
      // new file
    }
  }
  if (existing.length && !options.overwrite) {
    const answer = await vscode.window.showWarningMessage(`Replace ${existing.map(baseName).join(', ')}?`, { modal: true }, 'Replace');
    if (answer !== 'Replace') return undefined;
  }
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Exporting ${baseName(target)}` }, async (progress) => {
    for (const file of files) {
      progress.report({ message: baseName(file.uri) });
      await writeFile(host, file);
    }
  });

  const summaries: ExportSummary[] = exporters.map((e) => ({ plan: e.plan, report: e.report(), source: baseName(target) }));
  const sidecars = await writeSidecars(target, folder, files, summaries, notes, conversion);
  const result: ExportFromGltfResult = { written: files.map((f) => f.uri.toString()), record: sidecars.record.toString(), ...(sidecars.report ? { report: sidecars.report.toString() } : {}) };
  if (sidecars.report && options.showReport !== false) await vscode.commands.executeCommand('markdown.showPreview', sidecars.report);

  const beside = folder.toString() === vscode.Uri.joinPath(target, '..').toString();
  const where = beside ? 'beside it' : `to ${vscode.workspace.asRelativePath(folder)}`;
  const wrote = `Exported ${plural(files.length, 'file')} from ${baseName(target)} ${where}${sidecars.report ? `; the quantisation report is in ${baseName(sidecars.report)}` : ''}.`;
  const manifest = options.addToManifest === false ? undefined : (await nearestManifest(folder)) ?? (await nearestManifest(vscode.Uri.joinPath(target, '..')));
  if (manifest) {
    const button = `Add to ${baseName(manifest)}`;
    const add = options.addToManifest ?? (await vscode.window.showInformationMessage(
      `${wrote} Add ${files.length === 1 ? 'it' : 'them'} to ${vscode.workspace.asRelativePath(manifest)}?`,
      { modal: true, detail: `New entries: ${files.map((f) => baseName(f.uri)).join(', ')}. The manifest opens with them selected.` },
      button,
    )) === button;
    if (add) {
      await addToManifest(manifest, files);
      result.manifest = manifest.toString();
    }
  } else if (options.addToManifest === undefined) {
    void vscode.window.showInformationMessage(`${wrote} Files: ${files.map((f) => baseName(f.uri)).join(', ')}.`);
  }
  return result;
}

export function registerGltfExport(context: vscode.ExtensionContext, host: GltfExportHost): void {
  // The preview names a clip's bones from the export record beside it.
  PreviewPanel.boneNameLookup = (clip) => boneNamesOfClip(clip);
  context.subscriptions.push(
    vscode.commands.registerCommand('ewzanim.exportFromGltf', async (argument?: unknown, options?: ExportFromGltfOptions) => {
      try {
        return await exportFromGltf(host, argument, options);
      } catch (error) {
        // Never silent: whatever stops the export is shown, and logged with its stack.
        const name = argument instanceof vscode.Uri ? baseName(argument) : 'the model';
        console.error('ewzanim.exportFromGltf failed', error);
        void vscode.window.showErrorMessage(exportFailureMessage(name, 'export', error));
        return undefined;
      }
    }),
  );
}
