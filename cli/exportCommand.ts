/**
 * `ewzanim export`: the core's glTF exporter and GLB writer on files. Inputs are read through
 * the CLI's `FileAccess`; outputs are written to a temporary file beside the target and renamed
 * over it only when everything succeeded, so a refused export (bad input, `--max-error`
 * exceeded, a full disk) never leaves a partial or stale-looking file behind. `export animation`
 * also writes the quantisation report (`<model>.report.md`) and the export record
 * (`<model>.export.json`, the bones' names) beside the clip, as the VS Code command does.
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { Document } from '@gltf-transform/core';
import { writeFileAtomically } from '../node/atomicWrite';
import { FbxConversionError, isFbxPath, loadFbxDocument } from '../node/fbx/loadFbx';
import { nodeGltfDecoders } from '../node/gltf/decoders';
import { checkFile, kindOfPath } from '../formats';
import {
  AnimationExporter,
  conversionNotesMarkdown,
  DEFAULT_EXPORT_FRAME_RATE,
  exportGlb,
  exportMesh,
  exportSidecars,
  exportSidecarNames,
  exportSkeleton,
  formatGltfProblem,
  GltfExportError,
  GltfReadError,
  gltfInventory,
  loadGltfDocument,
  NativeInputError,
  reportJson,
  reportMarkdown,
  type ConversionNote,
  type ExportSummary,
  type GltfProblem,
  type QuantisationReport,
} from '../formats/gltf';
import { formatFixed } from '../formats/numberText';
import type { ExportCommand } from './exportArgs';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, errorText, type CliIo } from './io';
import { textTable } from './textTable';

/** The export wrote everything but its error is above `--max-error`: nothing is kept. */
class ThresholdExceeded extends Error {
  constructor(readonly report: QuantisationReport) {
    super('threshold exceeded');
  }
}

/** A failure already explained to the user, with the exit status to return. */
class Reported extends Error {
  constructor(readonly status: number) {
    super('reported');
  }
}

function printProblems(io: CliIo, source: string, problems: readonly GltfProblem[]): void {
  for (const problem of problems) io.err(`${source}: ${formatGltfProblem(problem)}\n`);
}

/** A model read for an export; `conversion` when it was an .fbx converted by FBX2glTF. */
interface Model {
  document: Document;
  conversion?: ConversionNote;
}

/** What the export commands read the model with: the FBX2glTF to use and the rate to bake an .fbx at. */
interface ModelSource {
  model: string;
  fbx2gltf?: string;
  frameRate?: number;
}

function readFailure(io: CliIo, path: string, error: unknown): never {
  if (error instanceof GltfReadError && error.code === 'gltf/unsupported-extension') io.err(`${path}: error ${error.code}: ${error.message}\n`);
  else io.err(`${path}: error gltf/unreadable: cannot read it as glTF 2.0: ${errorText(error)}\n`);
  throw new Reported(EXIT_ERRORS);
}

async function readFbx(io: CliIo, source: ModelSource): Promise<Model> {
  const path = source.model;
  try {
    const frameRate = source.frameRate ?? DEFAULT_EXPORT_FRAME_RATE;
    const loaded = await loadFbxDocument(path, frameRate, {
      ...(source.fbx2gltf !== undefined ? { configuredPath: source.fbx2gltf, configuredBy: '--fbx2gltf' } : {}),
      searchPath: process.env.PATH ?? '',
      searchFrom: [dirname(resolve(path)), process.cwd()],
    });
    for (const warning of loaded.warnings) io.err(`${path}: warning FBX2glTF: ${warning}\n`);
    return { document: loaded.document, conversion: { converter: 'FBX2glTF', source: basename(path), bakedAt: loaded.bakedAt, warnings: loaded.warnings } };
  } catch (error) {
    if (!(error instanceof FbxConversionError)) readFailure(io, path, error);
    io.err(`ewzanim: cannot convert ${path}: ${error.message}\n`);
    throw new Reported(error.reason === 'converter-missing' ? EXIT_USAGE : EXIT_ERRORS);
  }
}

async function readModel(io: CliIo, source: ModelSource): Promise<Model> {
  const path = source.model;
  const stat = await io.access.stat(path).catch(() => undefined);
  if (!stat || stat.isDirectory) {
    io.err(`ewzanim: cannot read ${path}: ${stat ? 'it is a folder' : 'no such file'}\n`);
    throw new Reported(EXIT_USAGE);
  }
  if (isFbxPath(path)) return readFbx(io, source);
  try {
    return { document: await loadGltfDocument(io.access, path, stat.size, undefined, await nodeGltfDecoders()) };
  } catch (error) {
    readFailure(io, path, error);
  }
}

async function readNative(io: CliIo, path: string, expected: 'clip' | 'skeleton' | 'mesh'): Promise<Uint8Array> {
  const kind = kindOfPath(path)?.kind;
  if (kind !== expected) {
    io.err(`ewzanim: ${path} is not a ${expected} file (by its extension)\n`);
    throw new Reported(EXIT_USAGE);
  }
  const stat = await io.access.stat(path).catch(() => undefined);
  if (!stat || stat.isDirectory) {
    io.err(`ewzanim: cannot read ${path}: ${stat ? 'it is a folder' : 'no such file'}\n`);
    throw new Reported(EXIT_USAGE);
  }
  const checked = await checkFile(io.access, path);
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    for (const d of errors.slice(0, 5)) io.err(`${path}: error ${d.code}: ${d.message}\n`);
    io.err(`ewzanim: ${path} has ${errors.length} error${errors.length === 1 ? '' : 's'}; fix ${errors.length === 1 ? 'it' : 'them'} first (ewzanim check)\n`);
    throw new Reported(EXIT_ERRORS);
  }
  return io.access.read(path, 0, stat.size);
}

async function writeOutput(io: CliIo, path: string, pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
  async function* all(): AsyncGenerator<Uint8Array> {
    for await (const piece of pieces) yield piece;
  }
  try {
    await writeFileAtomically(path, all());
  } catch (error) {
    if (error instanceof ThresholdExceeded || error instanceof GltfExportError) throw error;
    io.err(`ewzanim: cannot write ${path}: ${errorText(error)}\n`);
    throw new Reported(EXIT_USAGE);
  }
}

async function readTextIfAny(io: CliIo, path: string): Promise<string | undefined> {
  const stat = await io.access.stat(path).catch(() => undefined);
  if (!stat || stat.isDirectory) return undefined;
  return new TextDecoder().decode(await io.access.read(path, 0, stat.size));
}

/** The report and the export record beside the clip; returns their paths. */
async function writeSidecars(io: CliIo, model: string, output: string, exporter: AnimationExporter, summary: ExportSummary, conversion?: ConversionNote): Promise<string[]> {
  const folder = resolve(dirname(output));
  const { report, record } = exportSidecars({
    modelPath: resolve(model),
    outputFolder: folder,
    outputs: [{ kind: 'clip', path: resolve(output), skin: exporter.plan.skin, plan: exporter.plan }],
    summaries: [summary],
    previousRecordText: await readTextIfAny(io, join(dirname(output), exportSidecarNames(model).record)),
  });
  const written: string[] = [];
  for (const sidecar of [report, record]) {
    if (!sidecar) continue;
    const path = join(dirname(output), sidecar.name);
    const text = sidecar === report && conversion ? sidecar.text + conversionNotesMarkdown(conversion) : sidecar.text;
    await writeOutput(io, path, [new TextEncoder().encode(text)]);
    written.push(path);
  }
  return written;
}

function interpolationList(values: readonly string[]): string {
  return values.join('/') || '-';
}

async function listModel(io: CliIo, model: string, document: Document, frameRate: number): Promise<number> {
  const inventory = gltfInventory(document, frameRate);
  const name = (n: string) => (n ? `"${n}"` : '(unnamed)');
  let text = `${model}\n\nAnimations (frames at ${frameRate} fps):\n`;
  text += inventory.animations.length
    ? textTable(
        [{ title: 'index', align: 'right' }, { title: 'name', align: 'left' }, { title: 'channels', align: 'right' }, { title: 'interpolation', align: 'left' }, { title: 'last key', align: 'right' }, { title: 'frames', align: 'right' }, { title: 'moves', align: 'left' }],
        inventory.animations.map((a) => [
          String(a.index), name(a.name), String(a.channels), interpolationList(a.interpolations), `${formatFixed(a.lastKeyTime, 4)} s`, String(a.frameCount),
          a.drivenJoints.map((count, skin) => (count ? `skin ${skin}: ${count} joints` : '')).filter(Boolean).join(', ') || 'no joints',
        ]),
      )
    : '  none\n';
  text += '\nSkins:\n';
  text += inventory.skins.length
    ? textTable(
        [{ title: 'index', align: 'right' }, { title: 'name', align: 'left' }, { title: 'joints', align: 'right' }, { title: 'inverse binds', align: 'left' }, { title: 'local = model space?', align: 'left' }],
        inventory.skins.map((s) => [
          String(s.index), name(s.name), String(s.joints), s.hasInverseBindMatrices ? 'yes' : 'identity',
          s.localSpace ? `no: ${s.localSpace.joint} under ${s.localSpace.ancestor}` : 'yes',
        ]),
      )
    : '  none\n';
  text += '\nMeshes:\n';
  text += inventory.meshes.length
    ? textTable(
        [{ title: 'index', align: 'right' }, { title: 'name', align: 'left' }, { title: 'primitives', align: 'right' }, { title: 'vertices', align: 'right' }, { title: 'skinned', align: 'left' }],
        inventory.meshes.map((m) => [String(m.index), name(m.name), String(m.primitives), String(m.vertices), m.skinned ? 'yes' : 'no']),
      )
    : '  none\n';
  await io.out(text);
  return EXIT_OK;
}

async function exportAnimation(io: CliIo, command: Extract<ExportCommand, { kind: 'animation' }>): Promise<number> {
  const { document, conversion } = await readModel(io, command);
  if (command.list) return listModel(io, command.model, document, command.frameRate);
  const output = command.output!;
  const exporter = AnimationExporter.create(document, {
    animation: command.animation,
    skin: command.skin,
    frameRate: command.frameRate,
    space: command.space,
    shellDistanceCm: command.shellDistanceCm,
  });
  printProblems(io, command.model, exporter.plan.problems);
  function* pieces(): Generator<Uint8Array> {
    yield* exporter.pieces();
    const report = exporter.report();
    if (command.maxErrorCm !== undefined && !(report.error.maxCm <= command.maxErrorCm)) throw new ThresholdExceeded(report);
  }
  let exceeded: QuantisationReport | undefined;
  try {
    await writeOutput(io, output, pieces());
  } catch (error) {
    if (!(error instanceof ThresholdExceeded)) throw error;
    exceeded = error.report;
  }
  const summary = { plan: exporter.plan, report: exporter.report(), source: basename(command.model) };
  await io.out(command.report === 'json' ? `${JSON.stringify(reportJson(summary), (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), 2)}\n` : reportMarkdown(summary));
  if (exceeded) {
    io.err(`ewzanim: the largest error, ${exceeded.error.maxCm} cm (bone ${exceeded.error.worst?.bone}, frame ${exceeded.error.worst?.frame}), is above --max-error ${command.maxErrorCm} cm: ${output} was not written\n`);
    return EXIT_ERRORS;
  }
  io.err(`ewzanim: wrote ${output} (${exporter.plan.joints.length} bones x ${exporter.plan.frameCount} frames, ${exporter.plan.byteLength} bytes)\n`);
  const [reportPath, recordPath] = await writeSidecars(io, command.model, output, exporter, summary, conversion);
  io.err(`ewzanim: wrote the report ${reportPath} and the export record ${recordPath}\n`);
  return EXIT_OK;
}

async function exportSkeletonFile(io: CliIo, command: Extract<ExportCommand, { kind: 'skeleton' }>): Promise<number> {
  const result = exportSkeleton((await readModel(io, command)).document, { skin: command.skin, animation: command.animation });
  printProblems(io, command.model, result.problems);
  await writeOutput(io, command.output, [result.bytes]);
  io.err(`ewzanim: wrote ${command.output} (skin ${result.skin.index}, ${result.joints.length} bones, ${result.bytes.length} bytes)\n`);
  return EXIT_OK;
}

async function exportMeshFile(io: CliIo, command: Extract<ExportCommand, { kind: 'mesh' }>): Promise<number> {
  const result = exportMesh((await readModel(io, command)).document, { mesh: command.mesh, skin: command.skin });
  printProblems(io, command.model, result.problems);
  await writeOutput(io, command.output, [result.bytes]);
  io.err(`ewzanim: wrote ${command.output} (mesh ${result.mesh.index}, format ${result.format}, ${result.vertexCount} vertices, ${result.indexCount} indices, ${result.bytes.length} bytes)\n`);
  return EXIT_OK;
}

async function exportGltfFile(io: CliIo, command: Extract<ExportCommand, { kind: 'gltf' }>): Promise<number> {
  const clip = await readNative(io, command.clip, 'clip');
  const skeleton = await readNative(io, command.skeleton, 'skeleton');
  const mesh = command.mesh === undefined ? undefined : await readNative(io, command.mesh, 'mesh');
  let result;
  try {
    result = await exportGlb(clip, skeleton, mesh, { frameRate: command.frameRate, animationName: basename(command.clip).replace(/\.[^.]*$/, '') });
  } catch (error) {
    if (!(error instanceof NativeInputError)) throw error;
    io.err(`ewzanim: ${error.message}\n`);
    return EXIT_ERRORS;
  }
  printProblems(io, command.output, result.problems);
  await writeOutput(io, command.output, [result.bytes]);
  io.err(`ewzanim: wrote ${command.output} (${result.boneCount} bones, ${result.frameCount} frames at ${command.frameRate} fps, ${result.bytes.length} bytes)\n`);
  return EXIT_OK;
}

export async function exportCommand(io: CliIo, command: ExportCommand): Promise<number> {
  try {
    switch (command.kind) {
      case 'animation':
        return await exportAnimation(io, command);
      case 'skeleton':
        return await exportSkeletonFile(io, command);
      case 'mesh':
        return await exportMeshFile(io, command);
      case 'gltf':
        return await exportGltfFile(io, command);
    }
  } catch (error) {
    if (error instanceof Reported) return error.status;
    if (error instanceof GltfExportError) {
      printProblems(io, command.kind === 'gltf' ? command.clip : command.model, error.problems);
      return EXIT_ERRORS;
    }
    throw error;
  }
}
