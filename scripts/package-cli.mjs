// `npm run package:cli`: the `ewzanim` command-line tool as its own npm package tarball, for a
// game's CI outside this repository: one bundled `ewzanim.js` (every npm dependency inlined, so
// the package has no dependencies and installs offline) and beside it the worker bundles its
// thread pools load (`WORKERS`: a folder's checks, a large clip's ranges, a large diff's ranges),
// its package.json (`bin: ewzanim`), a README, the licence and the licences of what the bundles
// contain.
// Writes dist/cli-package/ (the package folder) and dist/ewzanim-<version>.tgz; prints the tarball.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineDracoDecoderWasm } from './inlineWasm.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'cli-package');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/**
 * The worker scripts the pools look for beside the CLI's bundle (`__dirname`), as
 * `scripts/build.mjs` writes them to dist/cli: without them the CLI runs on one thread.
 */
const WORKERS = [
  { entry: 'node/checkWorker.ts', file: 'checkWorker.js' },
  { entry: 'node/clipRangeWorker.ts', file: 'clipRangeWorker.js' },
  { entry: 'node/clipDiffWorker.ts', file: 'clipDiffWorker.js' },
];

const bundle = (entry, file, banner) =>
  esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(out, file),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    ...(banner ? { banner: { js: banner } } : {}),
    legalComments: 'none', // the licences are in THIRD-PARTY-NOTICES.md, whole
    metafile: true,
    logLevel: 'warning',
    plugins: [inlineDracoDecoderWasm],
  });
const builds = await Promise.all([bundle('cli/ewzanim.ts', 'ewzanim.js', '#!/usr/bin/env node'), ...WORKERS.map((w) => bundle(w.entry, w.file))]);
chmodSync(join(out, 'ewzanim.js'), 0o755);

// Zero runtime dependencies: whatever the bundles still import must be part of Node itself.
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const imports = builds.flatMap((b) => Object.values(b.metafile.outputs).flatMap((o) => o.imports));
const foreign = imports.filter((i) => i.external && !builtins.has(i.path));
if (foreign.length > 0) {
  console.error(`package-cli: the bundles import non-builtin modules: ${foreign.map((i) => i.path).join(', ')}`);
  process.exit(1);
}

/** The npm packages whose code is in the bundles, with their licence texts. */
function bundledPackages() {
  const dirs = new Set();
  for (const input of builds.flatMap((b) => Object.keys(b.metafile.inputs))) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) dirs.add(m[1]);
  }
  return [...dirs].sort().map((dir) => {
    const meta = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(join(root, dir)).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    // A package that ships no licence file (draco3dgltf) has its declared licence's text in scripts/licences/.
    const vendored = join(root, 'scripts', 'licences', `${meta.name}.txt`);
    if (!licenceFile && existsSync(vendored)) return { name: meta.name, version: meta.version, license: meta.license, text: readFileSync(vendored, 'utf8').trim() };
    if (!licenceFile) throw new Error(`package-cli: ${meta.name} ships no licence file to include`);
    // Apache-2.0 asks for a NOTICE file to travel with the code, where a package has one.
    const notices = readdirSync(join(root, dir)).filter((f) => /^notice(\.|$)/i.test(f));
    const text = [licenceFile, ...notices].map((f) => readFileSync(join(root, dir, f), 'utf8').trim()).join('\n\n');
    return { name: meta.name, version: meta.version, license: meta.license, text };
  });
}

const packages = bundledPackages();
writeFileSync(
  join(out, 'THIRD-PARTY-NOTICES.md'),
  `# Third-party notices\n\n\`ewzanim.js\` and its workers (${WORKERS.map((w) => `\`${w.file}\``).join(', ')}) bundle the following npm packages; their licences follow.\n\n` +
    packages.map((p) => `## ${p.name} ${p.version} (${p.license})\n\n\`\`\`\n${p.text}\n\`\`\`\n`).join('\n'),
);

const manifest = {
  name: 'ewzanim',
  version: rootPackage.version,
  description: 'Checks and inspects Nethercore ZX (Emberware Z) skeletal animation data: clips, skeletons, meshes, ROMs and nether.toml data packs. Text, JSON, SARIF 2.1.0 and GitHub annotation output for CI.',
  license: rootPackage.license,
  keywords: ['nethercore', 'emberware', 'fantasy-console', 'animation', 'lint', 'sarif', 'ci'],
  bin: { ewzanim: 'ewzanim.js' },
  files: ['ewzanim.js', ...WORKERS.map((w) => w.file), 'THIRD-PARTY-NOTICES.md'],
  engines: { node: '>=20' },
};
writeFileSync(join(out, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
copyFileSync(join(root, 'cli', 'package', 'README.md'), join(out, 'README.md'));
copyFileSync(join(root, 'LICENSE'), join(out, 'LICENSE'));

// npm pack in a clean environment: an outer `npm run` exports npm_config_* settings (dry-run,
// json, pack-destination...) that must not change what is written.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', join(root, 'dist')], { cwd: out, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
);
const tarball = join(root, 'dist', packed[0].filename);
if (!existsSync(tarball)) throw new Error(`package-cli: npm pack did not write ${tarball}`);
console.log(tarball);
