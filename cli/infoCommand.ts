/** `ewzanim info [--fps N] FILE`: a one-screen summary of one file. */
import { checkFile, clipDurationSeconds, kindOfPath, nethercoreRename } from '../formats/index';
import type { AssetSummary } from '../formats/records';
import { diagnosticLine } from './checkCommand';
import { UNREADABLE_CODE } from './checkPath';
import { formatNames } from './dumpMesh';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, errorText, type CliIo } from './io';
import { textTable } from './textTable';

/** Diagnostics shown on the screen; the rest are counted (`check` lists them all). */
const SHOWN_DIAGNOSTICS = 10;

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function facts(summary: AssetSummary, fps: number): [string, string][] {
  const rows: [string, string][] = [];
  if (summary.boneCount !== undefined) rows.push(['bones', count(summary.boneCount)]);
  if (summary.frameCount !== undefined) {
    rows.push(['frames', count(summary.frameCount)]);
    const seconds = clipDurationSeconds(summary.frameCount, fps);
    rows.push(['duration', `${Number(seconds.toFixed(3))} s at ${fps} fps`]);
  }
  if (summary.vertexCount !== undefined) rows.push(['vertices', count(summary.vertexCount)]);
  if (summary.indexCount !== undefined) rows.push(['indices', count(summary.indexCount)]);
  if (summary.meshFormat !== undefined) {
    rows.push(['format', `${summary.meshFormat} (${formatNames(summary.meshFormat).join(' | ') || 'position only'})`]);
  }
  if (summary.romMagic !== undefined) rows.push(['magic', summary.romMagic.replace('\0', '\\0')]); // EWZ\0 as the notes write it
  return rows;
}

export async function infoCommand(io: CliIo, path: string, fps: number, maxProblems: number): Promise<number> {
  const kind = kindOfPath(path);
  if (!kind || kind.kind === 'manifest') {
    io.err(`ewzanim: ${path}: info reads clips, skeletons, meshes and ROMs\n`);
    return EXIT_USAGE;
  }
  let result;
  try {
    const stat = await io.access.stat(path);
    if (!stat || stat.isDirectory) {
      io.err(`ewzanim: ${path}: ${stat ? 'is a folder' : 'no such file'}\n`);
      return EXIT_USAGE;
    }
    result = await checkFile(io.access, path, { maxKeyframeProblems: maxProblems });
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
  const rename = kind.era === 'emberware' ? nethercoreRename(path) : undefined;
  const rows: [string, string][] = [
    ['file', path],
    ['kind', `${summary.kind} (${kind.era === 'emberware' ? 'Emberware Z' : 'Nethercore ZX'} extension)`],
    ['size', `${count(summary.size)} bytes`],
    ...facts(summary, fps),
    ['problems', `${count(summary.errorCount)} errors, ${count(summary.warningCount)} warnings`],
  ];
  if (rename) rows.push(['note', `the current packer wants the Nethercore name: ${rename.slice(rename.lastIndexOf('/') + 1)}`]);
  let text = textTable([{ title: '', align: 'left' }, { title: '', align: 'left' }], rows).split('\n').slice(1).join('\n');
  const shown = result.diagnostics.slice(0, SHOWN_DIAGNOSTICS);
  if (shown.length > 0) text += '\n' + shown.map((d) => diagnosticLine(path, d)).join('\n') + '\n';
  const hidden = result.diagnostics.length - shown.length;
  if (hidden > 0) text += `... and ${hidden} more diagnostics (ewzanim check ${path})\n`;
  await io.out(text);
  return summary.errorCount > 0 ? EXIT_ERRORS : EXIT_OK;
}
