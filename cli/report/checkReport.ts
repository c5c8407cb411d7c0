/** What `check` found over all its paths: the one value every output format is written from. */
import type { CheckedFile, PathProblem } from '../checkPath';

export interface CheckReport {
  files: CheckedFile[];
  problems: PathProblem[];
  errors: number;
  warnings: number;
}
