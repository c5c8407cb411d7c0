#!/usr/bin/env node
// The file package.json's `bin` names. It is tracked (the bundle is not), so npm and npx always
// find a file to link, even when they set up the link before the first build; it then runs
// the bundle that `npm run build` writes.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const bundle = join(__dirname, '..', 'dist', 'cli', 'ewzanim.js');
if (!existsSync(bundle)) {
  process.stderr.write('ewzanim: the CLI is not built yet; run "npm run build" in ' + join(__dirname, '..') + '\n');
  process.exit(2);
}
// Node 22.1+ keeps the bundle's compiled code on disk (its temporary folder) for the next run,
// which then starts without compiling the 2.6 MB bundle again; older Nodes have no such call.
require('node:module').enableCompileCache?.();
require(bundle);
