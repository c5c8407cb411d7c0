/**
 * The usage texts of `ewzanim`: one per command (what `ewzanim COMMAND --help` prints) and the
 * whole (`ewzanim --help`), composed from the same sections so they cannot drift apart.
 */
import { DEFAULT_EXPORT_FRAME_RATE, DEFAULT_SHELL_DISTANCE_CM } from '../formats/gltf';

export const DEFAULT_MAX_PROBLEMS = 100;
export const DEFAULT_FPS = 30;

/** The commands that have their own usage text. */
export const COMMAND_NAMES = ['check', 'dump', 'info', 'listing', 'diff', 'textconv', 'lsp', 'export'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const EXPORT_KINDS = ['animation', 'skeleton', 'mesh', 'gltf'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** What `--help` (or `help TOPIC`) asks about: everything, one command, or one export kind. */
export interface HelpTopic {
  command?: CommandName;
  /** Only with `command: 'export'`. */
  kind?: ExportKind;
}

/** The parsed request for usage text. */
export interface HelpRequest extends HelpTopic {
  name: 'help';
}

export function isCommandName(word: string | undefined): word is CommandName {
  return (COMMAND_NAMES as readonly (string | undefined)[]).includes(word);
}

export function isExportKind(word: string | undefined): word is ExportKind {
  return (EXPORT_KINDS as readonly (string | undefined)[]).includes(word);
}

const FILES_NOTE = `Files: clips .nczxanim .ewzanim, skeletons .nczxskel .ewzskel, meshes .nczxmesh .nczmesh
.ewzmesh, packed ROMs .nczx .ewzx .ewz; check also reads data-pack manifests (nether.toml,
ember.toml) and the assets they list. MSH models in NRes containers: .msh, and any file whose
magic is NRes when named on the command line; --msh-ext .msh,.rlb,.lib also reads those
extensions as NRes in folders (it replaces the default list). RsLi files are reported as out
of scope.
`;

const MAX_PROBLEMS_NOTE = `--max-problems N: report at most N per-keyframe problems per file (default ${DEFAULT_MAX_PROBLEMS}),
plus one summary diagnostic with the total.
`;

const CHECK = `  ewzanim check [--format text|json|sarif|github] [--max-problems N] [--msh-ext LIST]
                [--exclude GLOB]... [--pop-degrees N] [--jump-ratio N] PATH...
      Check every supported file; directories are searched recursively (skipping
      node_modules, target and hidden folders; --exclude adds a glob, repeatable, matched
      against the path relative to the folder and the full path). A .toml file named on the command line is
      checked as a data-pack manifest whatever its name.
      --format text (default): "file:offset: severity code: message" (manifests:
      "file:line:column: ..."); json (also --json): one JSON report; sarif: SARIF
      2.1.0 for code scanning; github: GitHub Actions annotation commands (after the
      first few of one code in one file, one summary annotation with the count;
      json and sarif keep every problem).
      --pop-degrees N (default 60), --jump-ratio N (default 5): the motion rules'
      thresholds (anim/pop, anim/position-jump), as the ewzanim.motion.* settings.
      Exit status: 0 no errors, 1 some error, 2 bad usage or an unreadable path.
`;

const DUMP = `  ewzanim dump [--json] FILE [--frames A:B] [--bones A:B] [--vertices A:B]
      Print the decoded records: clip keyframes, skeleton inverse bind matrices, mesh
      header and vertices, ROM magic. Ranges are half-open (A:B, A:, :B, or N).
      Numbers are exact f32 values (shortest digits that round-trip).
  ewzanim dump [--json] FILE.msh [--model N] [--node A:B] [--keys A:B] [--map A:B] [--msh-ext LIST]
      An NRes model (or model N of an archive, default 0): its nodes (parent, track
      of keys start..fallback, map start), keys (time, position, stored i16 and
      decoded quaternion w x y z, norm, axis-angle) and frame map words.
`;

const INFO = `  ewzanim info [--fps N] [--max-problems N] [--msh-ext LIST] FILE
      One-screen summary: counts, size, duration (at ${DEFAULT_FPS} fps unless --fps), problems.
`;

const LISTING = `  ewzanim listing [--fps N] [--from FRAME] [--all] FILE
      The clip's keyframe listing, the text the language server's keyframe listing shows:
      one line per keyframe (decoded quaternion, position, scale; problems after "!"). One
      window of at most 2,000 keyframes starting at the window holding FRAME (default 0);
      --all prints every window. Exit status 2 when FILE is not a clip.
`;

const DIFF = `  ewzanim diff [--format text|json|markdown] [--max-angle DEG] [--max-position U]
               [--max-scale R] [--worst N] [--grid-columns N] [--msh-ext LIST] A B
      What changed from A to B, by meaning. Clips: per bone and frame the rotation
      difference as an angle (degrees), position as a distance (clip units), scale as
      a ratio; per bone the largest, the mean and its frame; header differences, and the
      bones or frames only one side has (compared: the common range). Skeletons: inverse
      bind matrices per bone. Meshes: counts, formats, largest position, normal and UV
      difference, changed indices. MSH: per model, node and key.
      --format text (default): a summary, the --worst N bones and frames (default
      10); json (also --json): everything, per frame and a bones x --grid-columns N
      (default 64) grid of the largest rotation difference; markdown: for a pull
      request comment.
      Gates: --max-angle DEG, --max-position U, --max-scale R (1.01 = 1%) fail (exit 1)
      when a difference is above them, or when the counts differ. Also takes git's
      difftool "$LOCAL $REMOTE" and the GIT_EXTERNAL_DIFF arguments (7, or 9 for a rename).
      Exit status: 0 compared (and within the gates), 1 a gate failed, 2 bad usage or
      files that cannot be compared.
`;

const TEXTCONV = `  ewzanim textconv [--msh-ext LIST] FILE
      A stable text of a clip (its keyframe listing), skeleton, mesh or MSH file, one
      line per record, for git: "*.nczxanim diff=ewzanim" in .gitattributes and
      "git config diff.ewzanim.textconv 'ewzanim textconv'" make git diff readable.
`;

const LSP = `  ewzanim lsp [--stdio]
      Runs the language server on stdin/stdout, for any LSP client (Neovim, Helix, Zed,
      Emacs...). The same server as "node dist/server/server.js --stdio".
`;

const EXPORT: Record<ExportKind, string> = {
  animation: `  ewzanim export animation MODEL.gltf|.glb -o CLIP.nczxanim [--animation INDEX|NAME]
          [--skin INDEX|NAME] [--frame-rate N] [--space model|local] [--max-error CM]
          [--report md|json] [--shell-distance CM]
      Sample a glTF animation into a clip (model space, ${DEFAULT_EXPORT_FRAME_RATE} fps, the first animation and
      the skin it moves, unless told) and print the quantisation report (ACL's error
      metric, ${DEFAULT_SHELL_DISTANCE_CM} cm shell, in cm). --max-error fails (exit 1, no file) above that error.
  ewzanim export animation MODEL.gltf|.glb --list [--frame-rate N]
      List the animations, skins and meshes the file offers.
`,
  skeleton: `  ewzanim export skeleton MODEL.gltf|.glb -o SKEL.nczxskel [--skin INDEX|NAME] [--animation INDEX|NAME]
      The skin's inverse bind matrices, in joint order (the skin the animation moves, if named).
`,
  mesh: `  ewzanim export mesh MODEL.gltf|.glb -o MESH.nczxmesh [--mesh INDEX|NAME] [--skin INDEX|NAME]
      Positions, normals, UVs, colours, joints and weights in the native format bits.
`,
  gltf: `  ewzanim export gltf CLIP --skeleton SKEL [--mesh MESH] -o OUT.glb [--frame-rate N]
      A skinned, animated GLB of native files, as the console shows them.
`,
};

const EXPORT_ALL = EXPORT_KINDS.map((kind) => EXPORT[kind]).join('');

const SECTIONS: Record<Exclude<CommandName, 'export'>, string> = { check: CHECK, dump: DUMP, info: INFO, listing: LISTING, diff: DIFF, textconv: TEXTCONV, lsp: LSP };

/** The notes after a command's usage: which files it reads, what --max-problems means. */
const NOTES: Record<CommandName, string> = {
  check: `\n${FILES_NOTE}${MAX_PROBLEMS_NOTE}`,
  dump: `\n${FILES_NOTE}`,
  info: `\n${FILES_NOTE}${MAX_PROBLEMS_NOTE}`,
  listing: '',
  diff: '',
  textconv: '',
  lsp: '',
  export: '\n-o FILE is short for --output FILE: the file to write.\nMODEL may be an .fbx: it is converted with FBX2glTF (--fbx2gltf PATH, else FBX2glTF on PATH or\nnode_modules/fbx2gltf; not bundled: npm install --save-dev fbx2gltf), baked at the frame rate.\n',
};

export const HELP_TEXT = `ewzanim: check, inspect and export Nethercore ZX / Emberware Z animation data

Usage:
${CHECK}${DUMP}${INFO}${LISTING}${DIFF}${TEXTCONV}${LSP}${EXPORT_ALL}  ewzanim COMMAND --help
      That command's usage only.
  ewzanim --help
  ewzanim --version

${FILES_NOTE}${MAX_PROBLEMS_NOTE}`;

/** The text `--help` prints for `topic`. */
export function helpText(topic: HelpTopic): string {
  if (topic.command === undefined) return HELP_TEXT;
  if (topic.command === 'export') return `Usage:\n${topic.kind ? EXPORT[topic.kind] : EXPORT_ALL}${NOTES.export}`;
  return `Usage:\n${SECTIONS[topic.command]}${NOTES[topic.command]}`;
}

/** The command line that prints the usage of `topic` (where a usage error points). */
export function helpCommandLine(topic: HelpTopic): string {
  if (topic.command === undefined) return 'ewzanim --help';
  if (topic.command === 'export' && topic.kind) return `ewzanim export ${topic.kind} --help`;
  return `ewzanim ${topic.command} --help`;
}

/**
 * The topic that `COMMAND [KIND] --help` or `help COMMAND [KIND]` names: a command and, for
 * export, a kind. Words that name no command ask for the whole text.
 */
export function helpTopicOf(words: readonly (string | undefined)[]): HelpTopic {
  const [command, kind] = words;
  if (!isCommandName(command)) return {};
  if (command === 'export' && isExportKind(kind)) return { command, kind };
  return { command };
}
