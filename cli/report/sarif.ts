/**
 * `ewzanim check --format sarif`: a SARIF 2.1.0 log, as code-scanning tools (GitHub code
 * scanning, Azure DevOps, the SARIF viewers) read it. One run; one rule per diagnostic code with
 * its help text; one result per diagnostic.
 *
 * Locations: manifests have lines, so their results get a 1-based text region (columns in UTF-16
 * code units, SARIF's default `columnKind`). Binary files have no lines: their region is the
 * exact byte range (`byteOffset`/`byteLength`, SARIF's binary region) together with
 * `startLine: 1`, because line-based viewers (GitHub requires `startLine`) can only show a
 * problem on a line; the message names the bytes too, as the Problems panel does.
 * Paths that could not be checked at all (exit status 2) become tool execution notifications.
 */
import type { FormatDiagnostic, Severity } from '../../formats/diagnostics';
import { messageWithByteRange } from '../../formats/byteRangeText';
import type { CheckReport } from './checkReport';
import { EWZANIM_VERSION } from '../version';
import { SRCROOT, artifactLocation, workspaceBaseUri } from './paths';
import { ALL_RULES, ruleOf, type RuleInfo } from './rules';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, SarifLevel> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

interface SarifRegion {
  startLine: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
  byteOffset?: number;
  byteLength?: number;
}

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[] };
}

function sentence(text: string): string {
  const plain = text.replace(/`/g, '');
  return `${plain.charAt(0).toUpperCase()}${plain.slice(1)}${/[.)]$/.test(plain) ? '' : '.'}`;
}

function sarifRule(rule: RuleInfo): SarifRule {
  const [area] = rule.code.split('/');
  const when = sentence(rule.when);
  return {
    id: rule.code,
    shortDescription: { text: when },
    fullDescription: { text: `${rule.code} (${rule.severity} by default): ${when}` },
    help: {
      text: `${when} The message of each result says what was found, what was expected and what to do.`,
      markdown: `**${rule.code}** (${rule.severity} by default): ${rule.when}. The message of each result says what was found, what was expected and what to do.`,
    },
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: { tags: ['nethercore-zx', area ?? 'ewzanim'] },
  };
}

/** The region of a diagnostic, or none (a problem with the whole file). */
export function sarifRegion(d: FormatDiagnostic): SarifRegion | undefined {
  if (d.range) {
    const { start, end } = d.range;
    const region: SarifRegion = { startLine: start.line + 1, startColumn: start.character + 1 };
    if (end.line > start.line || end.character > start.character) {
      region.endLine = end.line + 1;
      region.endColumn = end.character + 1;
    }
    return region;
  }
  if (d.byteRange) {
    return { startLine: 1, byteOffset: d.byteRange.start, byteLength: Math.max(0, d.byteRange.end - d.byteRange.start) };
  }
  return undefined;
}

export function sarifLog(report: CheckReport, cwd: string): object {
  const rules = [...ALL_RULES];
  const ruleIndex = new Map(rules.map((r, i) => [r.code, i]));
  const results = report.files.flatMap((file) =>
    file.diagnostics.map((d) => {
      let index = ruleIndex.get(d.code);
      if (index === undefined) {
        index = rules.push(ruleOf(d.code, d.severity)) - 1;
        ruleIndex.set(d.code, index);
      }
      const region = sarifRegion(d);
      return {
        ruleId: d.code,
        ruleIndex: index,
        level: LEVEL[d.severity],
        message: { text: messageWithByteRange(d) },
        locations: [{ physicalLocation: { artifactLocation: artifactLocation(file.path, cwd), ...(region ? { region } : {}) } }],
      };
    }),
  );
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'ewzanim',
            fullName: 'ewzanim: Nethercore ZX animation data checks',
            version: EWZANIM_VERSION,
            semanticVersion: EWZANIM_VERSION,
            rules: rules.map(sarifRule),
          },
        },
        invocations: [
          {
            executionSuccessful: report.problems.length === 0,
            toolExecutionNotifications: report.problems.map((p) => ({
              level: 'error',
              message: { text: `${p.path}: ${p.message}` },
              locations: [{ physicalLocation: { artifactLocation: artifactLocation(p.path, cwd) } }],
            })),
          },
        ],
        originalUriBaseIds: { [SRCROOT]: { uri: workspaceBaseUri(cwd) } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
