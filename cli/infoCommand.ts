/** `ewzanim info [--fps N] FILE`: a one-screen summary of one file. */
import { byteSourceOf, checkFile, clipDurationSeconds, countBySeverity, nethercoreRename } from '../formats/index';
import type { FormatDiagnostic } from '../formats/diagnostics';
import type { FileKind } from '../formats/fileKinds';
import { type MshFileSummary, mshFileSummary, openMshFile } from '../formats/msh';
import type { AssetSummary } from '../formats/records';
import { diagnosticLine } from './checkCommand';
import { UNREADABLE_CODE } from './checkPath';
import { formatNames } from './dumpMesh';
import { fileKindOf } from '../formats/fileKinds';
import { formatFixed, formatThousands } from '../formats/numberText';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, errorText, type CliIo } from './io';
import { textTable } from './textTable';

/** Diagnostics shown on the screen; the rest are counted (`check` lists them all). */
const SHOWN_DIAGNOSTICS = 10;

const count = formatThousands;

function facts(summary: AssetSummary, fps: number): [string, string][] {
  const rows: [string, string][] = [];
  if (summary.boneCount !== undefined) rows.push(['bones', count(summary.boneCount)]);
  if (summary.frameCount !== undefined) {
    rows.push(['frames', count(summary.frameCount)]);
    const seconds = clipDurationSeconds(summary.frameCount, fps);
    rows.push(['duration', `${formatFixed(seconds, 3)} s at ${fps} fps`]);
  }
  if (summary.vertexCount !== undefined) rows.push(['vertices', count(summary.vertexCount)]);
  if (summary.indexCount !== undefined) rows.push(['indices', count(summary.indexCount)]);
  if (summary.meshFormat !== undefined) {
    rows.push(['format', `${summary.meshFormat} (${formatNames(summary.meshFormat).join(' | ') || 'position only'})`]);
  }
  if (summary.romMagic !== undefined) rows.push(['magic', summary.romMagic.replace('\0', '\\0')]); // EWZ\0 as the notes write it
  return rows;
}

/** An NRes file's rows: its shape and each model's counts (the first `SHOWN_DIAGNOSTICS`). */
function mshFacts(summary: MshFileSummary, fps: number): [string, string][] {
  const shape = summary.container === 'rsli' ? 'RsLi container (out of scope: not read)' : summary.shape === 'archive' ? `NRes archive, ${count(summary.entryCount)} entries` : summary.shape === 'model' ? 'NRes model' : 'NRes container without models';
  const rows: [string, string][] = [['container', shape], ['models', count(summary.models.length)]];
  for (const m of summary.models.slice(0, SHOWN_DIAGNOSTICS)) {
    const seconds = clipDurationSeconds(m.frameCount, fps);
    rows.push([
      `model ${m.model}`,
      `"${m.name}": ${count(m.nodeCount)} nodes (${count(m.mappedNodes)} animated), ${count(m.keyCount)} keys, ${count(m.frameCount)} frames (${formatFixed(seconds, 3)} s at ${fps} fps)${m.named ? ', named nodes' : ''}${m.animated ? '' : ', not posable'}`,
    ]);
  }
  if (summary.models.length > SHOWN_DIAGNOSTICS) rows.push(['', `... and ${count(summary.models.length - SHOWN_DIAGNOSTICS)} more models (ewzanim dump --model N)`]);
  return rows;
}

function screen(path: string, rows: [string, string][], diagnostics: readonly FormatDiagnostic[]): string {
  let text = textTable([{ title: '', align: 'left' }, { title: '', align: 'left' }], rows).split('\n').slice(1).join('\n');
  const shown = diagnostics.slice(0, SHOWN_DIAGNOSTICS);
  if (shown.length > 0) text += '\n' + shown.map((d) => diagnosticLine(path, d)).join('\n') + '\n';
  const hidden = diagnostics.length - shown.length;
  if (hidden > 0) text += `... and ${hidden} more diagnostics (ewzanim check ${path})\n`;
  return text;
}

export async function infoCommand(io: CliIo, path: string, fps: number, maxProblems: number, mshExtensions?: readonly string[]): Promise<number> {
  let result;
  let consoleKind: FileKind;
  try {
    const stat = await io.access.stat(path);
    if (!stat || stat.isDirectory) {
      io.err(`ewzanim: ${path}: ${stat ? 'is a folder' : 'no such file'}\n`);
      return EXIT_USAGE;
    }
    const kind = await fileKindOf(io.access, path, { mshExtensions });
    if (!kind || kind.kind === 'manifest') {
      io.err(`ewzanim: ${path}: info reads clips, skeletons, meshes, ROMs and NRes models\n`);
      return EXIT_USAGE;
    }
    // An unlisted extension with an NRes magic is found by its magic here too.
    result = await checkFile(io.access, path, { maxKeyframeProblems: maxProblems, kinds: { mshExtensions } });
    if (kind.kind === 'msh') {
      const { layout } = await openMshFile(byteSourceOf(io.access, path, stat.size));
      const { errors, warnings } = countBySeverity(result.diagnostics);
      const rows: [string, string][] = [
        ['file', path],
        ['kind', 'msh (NRes animation models)'],
        ['size', `${count(stat.size)} bytes`],
        ...mshFacts(mshFileSummary(layout), fps),
        ['problems', `${count(errors)} errors, ${count(warnings)} warnings`],
      ];
      await io.out(screen(path, rows, result.diagnostics));
      return errors > 0 ? EXIT_ERRORS : EXIT_OK;
    }
    consoleKind = kind;
  } catch (error) {
    io.err(`ewzanim: ${path}: cannot read: ${errorText(error)}\n`);
    return EXIT_USAGE;
  }
  const summary = result.summary;
  const unreadable = result.diagnostics.find((d) => d.code === UNREADABLE_CODE);
  if (unreadable || !summary) {
    io.err(`ewzanim: ${path}: ${unreadable?.message ?? 'cannot summarise this file'}\n`);
    return EXIT_USAGE;
  }
  const rename = consoleKind.era === 'emberware' ? nethercoreRename(path) : undefined;
  const rows: [string, string][] = [
    ['file', path],
    ['kind', `${summary.kind} (${consoleKind.era === 'emberware' ? 'Emberware Z' : 'Nethercore ZX'} extension)`],
    ['size', `${count(summary.size)} bytes`],
    ...facts(summary, fps),
    ['problems', `${count(summary.errorCount)} errors, ${count(summary.warningCount)} warnings`],
  ];
  if (rename) rows.push(['note', `the current packer wants the Nethercore name: ${rename.slice(rename.lastIndexOf('/') + 1)}`]);
  await io.out(screen(path, rows, result.diagnostics));
  return summary.errorCount > 0 ? EXIT_ERRORS : EXIT_OK;
}
