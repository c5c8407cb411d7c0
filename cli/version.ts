/** The tools' version (the repository's package.json), bundled in at build time. */
import { version } from '../package.json';

export const EWZANIM_VERSION: string = version;
