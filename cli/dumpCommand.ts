/** `ewzanim dump [--json] FILE [--frames A:B] [--bones A:B] [--vertices A:B]`. */
import { ROM_MAGIC_SIZE, byteSourceOf, printableMagic, readRomMagic } from '../formats/index';
import type { ByteSource } from '../formats/fileAccess';
import type { Command } from './args';
import { UsageError } from './args';
import { clipDump } from './dumpClip';
import { meshDump } from './dumpMesh';
import { mshDumpOf } from './dumpMsh';
import { fileKindOf } from '../formats/fileKinds';
import { writeDump, type DumpHeader, type DumpSection } from './dumpOutput';
import { skeletonDump } from './dumpSkeleton';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, errorText, type CliIo } from './io';
import { jsonText } from './jsonText';

type DumpOptions = Extract<Command, { name: 'dump' }>;

type RangeOption = 'frames' | 'bones' | 'vertices' | 'model' | 'nodes' | 'keys' | 'map';
const RANGE_OPTION_NAMES: Record<RangeOption, string> = { frames: 'frames', bones: 'bones', vertices: 'vertices', model: 'model', nodes: 'node', keys: 'keys', map: 'map' };

/** Which range options make sense for which kind; others are a usage error, not silently ignored. */
const RANGE_OPTIONS: Record<string, readonly RangeOption[]> = {
  clip: ['frames', 'bones'],
  skeleton: ['bones'],
  mesh: ['vertices'],
  rom: [],
  msh: ['model', 'nodes', 'keys', 'map'],
};

async function romDump(io: CliIo, source: ByteSource, json: boolean): Promise<void> {
  const first4 = await source.read(0, ROM_MAGIC_SIZE);
  const magic = readRomMagic(first4);
  const shown = printableMagic(first4);
  if (json) {
    await io.out(jsonText({ kind: 'rom', magic: shown, known: magic !== undefined, size: source.size }) + '\n');
  } else {
    await io.out(`rom: magic "${shown}" (${magic ? 'known' : 'not EWZ\\0, EWZX or NCZX'}), ${source.size} bytes; the body is opaque bitcode\n`);
  }
}

export async function dumpCommand(io: CliIo, options: DumpOptions): Promise<number> {
  const kind = (await fileKindOf(io.access, options.path, { mshExtensions: options.mshExtensions }))?.kind;
  if (!kind || kind === 'manifest') throw new UsageError(`${options.path}: dump reads clips, skeletons, meshes, ROMs and NRes models`);
  for (const option of Object.keys(RANGE_OPTION_NAMES) as RangeOption[]) {
    if (options[option] !== undefined && !(RANGE_OPTIONS[kind] ?? []).includes(option)) throw new UsageError(`--${RANGE_OPTION_NAMES[option]} does not apply to a ${kind}`);
  }
  let source: ByteSource;
  try {
    const stat = await io.access.stat(options.path);
    if (!stat || stat.isDirectory) {
      io.err(`ewzanim: ${options.path}: ${stat ? 'is a folder' : 'no such file'}\n`);
      return EXIT_USAGE;
    }
    source = byteSourceOf(io.access, options.path, stat.size);
    if (kind === 'rom') {
      await romDump(io, source, options.json);
      return EXIT_OK;
    }
    if (kind === 'msh') {
      const msh = await mshDumpOf(source, { model: options.model, nodes: options.nodes, keys: options.keys, map: options.map });
      if ('reason' in msh) {
        io.err(
          msh.reason === 'no-models'
            ? `ewzanim: ${options.path}: ${msh.container === 'rsli' ? 'an RsLi container (out of scope)' : 'no readable model'} (run ewzanim check)\n`
            : `ewzanim: ${options.path}: --model ${options.model}: the file has ${msh.models} model${msh.models === 1 ? '' : 's'} (0..${msh.models - 1})\n`,
        );
        return msh.reason === 'no-models' ? EXIT_ERRORS : EXIT_USAGE;
      }
      await writeDump(io, options.json, msh.header, msh.sections);
      return EXIT_OK;
    }
    let dump: { header: DumpHeader; sections: DumpSection[] } | undefined;
    if (kind === 'clip') dump = await clipDump(source, { frames: options.frames, bones: options.bones });
    else if (kind === 'skeleton') dump = await skeletonDump(source, options.bones);
    else dump = await meshDump(source, options.vertices);
    if (!dump) {
      io.err(`ewzanim: ${options.path}: ${source.size} bytes is too short for a ${kind} header (run ewzanim check)\n`);
      return EXIT_ERRORS;
    }
    await writeDump(io, options.json, dump.header, dump.sections);
    return EXIT_OK;
  } catch (error) {
    io.err(`ewzanim: ${options.path}: cannot read: ${errorText(error)}\n`);
    return EXIT_USAGE;
  }
}
