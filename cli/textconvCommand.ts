/**
 * `ewzanim textconv FILE`: a stable, diff-friendly text of a binary for git's `textconv` (one
 * line per record, nothing that depends on the file's name or path, so git's temporary copies
 * print the same text as the working tree's file). Clips print the keyframe listing (`listing
 * --all`, its title line, which names the file, replaced); skeletons, meshes and MSH models
 * (every model of an archive) print `dump`'s rows, one per line with unpadded cells, so a changed
 * value never re-aligns its neighbours.
 */
import { byteSourceOf, type ByteSource } from '../formats/fileAccess';
import { fileKindOf } from '../formats/fileKinds';
import { mshExtensions } from './args';
import { meshDump } from './dumpMesh';
import { mshDumpOf } from './dumpMsh';
import type { DumpHeader, DumpSection } from './dumpOutput';
import { skeletonDump } from './dumpSkeleton';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, errorText, type CliIo } from './io';
import { listingCommand } from './listingCommand';
import { DEFAULT_FPS, helpTopicOf, type HelpRequest } from './usage';
import { UsageError, parseArgv } from './usageError';

export interface TextconvCommand {
  name: 'textconv';
  path: string;
  mshExtensions?: string[];
}

const OPTIONS = {
  'msh-ext': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const TEXTCONV_OPTIONS: readonly string[] = ['msh-ext'];

/** Cells of one record line are separated by this (no padding: see the module comment). */
const CELL_SEPARATOR = '  ';

/** `argv` after the word `textconv`. */
export function parseTextconvCommand(argv: readonly string[]): TextconvCommand | HelpRequest {
  const { values, positionals } = parseArgv(argv, OPTIONS);
  if (values.help) return { name: 'help', ...helpTopicOf(['textconv']) };
  if (positionals.length !== 1) throw new UsageError(`textconv takes exactly one FILE, got ${positionals.length}`);
  return { name: 'textconv', path: positionals[0] as string, ...mshExtensions(values['msh-ext']) };
}

/** The listing's first line names the file: git's temporary copy would differ by name alone. */
function withoutTitleLine(io: CliIo): CliIo {
  let first = true;
  return {
    access: io.access,
    err: (text) => io.err(text),
    out: (text) => {
      if (!first) return io.out(text);
      first = false;
      return io.out(`# ewzanim textconv: clip keyframe listing\n${text.slice(text.indexOf('\n') + 1)}`);
    },
  };
}

async function writeRecordLines(io: CliIo, header: DumpHeader, sections: readonly DumpSection[]): Promise<void> {
  await io.out(`# ewzanim textconv: ${header.title}\n`);
  for (const section of sections) {
    await io.out(`# ${section.key}: ${section.columns.map((c) => c.title).join(CELL_SEPARATOR)}\n`);
    for await (const rows of section.blocks) {
      if (rows.length > 0) await io.out(rows.map((row) => row.cells.join(CELL_SEPARATOR)).join('\n') + '\n');
    }
  }
}

/** Every model of an NRes file, one after another. */
async function mshRecordLines(io: CliIo, source: ByteSource, path: string): Promise<number> {
  for (let model = 0; ; model++) {
    const dump = await mshDumpOf(source, { model });
    if ('reason' in dump) {
      if (dump.reason === 'no-such-model' && model > 0) return EXIT_OK;
      io.err(`ewzanim: ${path}: no readable MSH model (run ewzanim check)\n`);
      return EXIT_ERRORS;
    }
    await writeRecordLines(io, dump.header, dump.sections);
  }
}

export async function textconvCommand(io: CliIo, command: TextconvCommand): Promise<number> {
  const { path } = command;
  const kind = (await fileKindOf(io.access, path, command.mshExtensions ? { mshExtensions: command.mshExtensions } : {}))?.kind;
  if (kind === 'clip') return listingCommand(withoutTitleLine(io), path, DEFAULT_FPS, 0, true);
  if (kind !== 'skeleton' && kind !== 'mesh' && kind !== 'msh') {
    io.err(`ewzanim: ${path}: textconv reads clips, skeletons, meshes and MSH models\n`);
    return EXIT_USAGE;
  }
  try {
    const stat = await io.access.stat(path);
    if (!stat || stat.isDirectory) {
      io.err(`ewzanim: ${path}: ${stat ? 'is a folder' : 'no such file'}\n`);
      return EXIT_USAGE;
    }
    const source = byteSourceOf(io.access, path, stat.size);
    if (kind === 'msh') return await mshRecordLines(io, source, path);
    const dump = kind === 'skeleton' ? await skeletonDump(source) : await meshDump(source);
    if (!dump) {
      io.err(`ewzanim: ${path}: ${stat.size} bytes is too short for a ${kind} header (run ewzanim check)\n`);
      return EXIT_ERRORS;
    }
    await writeRecordLines(io, dump.header, dump.sections);
    return EXIT_OK;
  } catch (error) {
    io.err(`ewzanim: ${path}: cannot read: ${errorText(error)}\n`);
    return EXIT_USAGE;
  }
}
