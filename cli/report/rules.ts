/**
 * Every diagnostic code the checks can report, with its default severity and help text: the
 * core's two tables (binary formats, manifests) as one list, for reports that describe their
 * rules (SARIF's `tool.driver.rules`).
 */
import { BINARY_DIAGNOSTIC_CODES } from '../../formats/diagnosticCodes';
import type { Severity } from '../../formats/diagnostics';
import { MANIFEST_DIAGNOSTIC_CODES } from '../../formats/manifest/codes';

export interface RuleInfo {
  code: string;
  severity: Severity;
  /** When the code fires, as the core's tables say it. */
  when: string;
}

export const ALL_RULES: readonly RuleInfo[] = [...BINARY_DIAGNOSTIC_CODES, ...MANIFEST_DIAGNOSTIC_CODES];

/** The rule of a code; codes not in the tables (newer cores) get a generic one. */
export function ruleOf(code: string, severity: Severity): RuleInfo {
  return ALL_RULES.find((r) => r.code === code) ?? { code, severity, when: `reported by the ${code.split('/')[0]} checks` };
}
