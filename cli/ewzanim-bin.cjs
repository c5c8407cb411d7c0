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
// `check` of a large clip: its range workers start now and load while the bundle does (a small
// bundle of its own decides, by the command's own parser and rule). Only a command line that holds
// the word `check` can be one, so others do not load it.
const args = process.argv.slice(2);
const early = join(__dirname, '..', 'dist', 'cli', 'earlyRangeWorkers.js');
if (args.includes('check') && existsSync(early)) {
  try {
    require(early).startEarlyRangeWorkers(args);
  } catch {
    // The command starts its workers itself.
  }
}
require(bundle);
