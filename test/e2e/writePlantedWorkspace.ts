/** Writes the e2e workspace (upstream packs + planted problems) to a temp folder; prints its path. */
import { makeWorkspace } from './harness/workspace';
import { plantedWorkspace } from './plantedWorkspace';

process.stdout.write(makeWorkspace(plantedWorkspace()).path);
