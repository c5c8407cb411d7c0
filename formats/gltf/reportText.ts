/**
 * The quantisation report as text: a markdown document (CLI `--report md`, the VS Code
 * preview), a JSON object (`--report json`), and a few summary lines (the manifest hover).
 */
import { formatExponential, formatFixed, formatSignificant } from '../numberText';
import type { AnimationExportPlan } from './animationExport';
import { formatGltfProblem, type GltfProblem } from './problems';
import type { BoneError, ErrorStat, FlagStat, QuantisationReport } from './quantisationReport';

/** The identity word 0x80200803 decodes to this rotation (degrees). */
const IDENTITY_DECODED_DEGREES = 0.137;

/** A length in cm with 4 significant digits (`0.06737 cm`, `3.191 cm`, `2.5e-7 cm`, `0 cm`). */
export function formatCm(value: number): string {
  if (value === 0) return '0 cm';
  if (!Number.isFinite(value)) return `${value} cm`;
  if (Math.abs(value) < 1e-4) return `${formatExponential(value, 1)} cm`;
  return `${formatSignificant(value, 4)} cm`;
}

function percent(value: number): string {
  return `${formatFixed(value, value >= 99.95 || value < 0.05 ? 0 : 1)}%`;
}

function quote(name: string): string {
  return name ? `"${name}"` : '(unnamed)';
}

export interface ExportSummary {
  plan: AnimationExportPlan;
  report: QuantisationReport;
  /** The glTF file as the user named it. */
  source?: string;
}

function contributionRows(report: QuantisationReport): [string, ErrorStat][] {
  return [
    ['whole record', report.error],
    ['rotation (smallest-three)', report.contributions.rotation],
    ['translation (f16)', report.contributions.translation],
    ['scale (f16)', report.contributions.scale],
    ['shear (no TRS can hold it)', report.contributions.shear],
  ];
}

function flagText(stat: FlagStat, what: string): string {
  if (stat.count === 0) return `${what}: none`;
  const first = stat.first!;
  const value = Number.isNaN(first.value) ? 'NaN' : String(first.value);
  return `${what}: ${stat.count}, first at bone ${first.bone} ${quote(first.joint)}, frame ${first.frame}, ${first.field} = ${value}`;
}

export function flagLines(report: QuantisationReport): string[] {
  const { flags } = report;
  return [
    flagText(flags.f16Overflow, 'f16 overflow (|v| > 65504: stored as 65504 or infinity)'),
    flagText(flags.f16SubnormalOrZero, 'below the smallest normal f16 (6.1e-5: fewer bits, or 0)') +
      (flags.f16SubnormalOrZero.count ? `; ${flags.f16SubnormalOrZero.toZero} stored as 0, ${flags.f16SubnormalOrZero.inScale} of them scales` : ''),
    flagText(flags.nan, 'NaN'),
    flagText(flags.identityRotation, `identity rotations (not storable: the identity word decodes to a ${IDENTITY_DECODED_DEGREES} degree rotation)`),
  ];
}

function largestContribution(bone: BoneError): string {
  const parts: [string, number][] = [['rotation', bone.rotationMaxCm], ['translation', bone.translationMaxCm], ['scale', bone.scaleMaxCm], ['shear', bone.shearMaxCm]];
  parts.sort((a, b) => b[1] - a[1]);
  return `${parts[0][0]} ${formatCm(parts[0][1])}`;
}

/** Bones by their largest error, worst first (ties by bone index). */
export function bonesWorstFirst(report: QuantisationReport): BoneError[] {
  return [...report.bones].sort((a, b) => b.maxCm - a.maxCm || a.bone - b.bone);
}

export function reportMarkdown({ plan, report, source }: ExportSummary): string {
  const lines: string[] = [];
  const animation = `${plan.animation.index} ${quote(plan.animation.name)}`;
  lines.push(`# Quantisation report: animation ${animation}${source ? ` of \`${source}\`` : ''}`, '');
  lines.push(
    `Skin ${plan.skin.index} ${quote(plan.skin.name)} (${plan.joints.length} joints), ${plan.space} space, ${plan.frameRate} fps: ` +
      `${plan.frameCount} frames (last key at ${formatFixed(plan.lastKeyTime, 6)} s), ${report.samples} keyframes, ${plan.byteLength} bytes.`,
    '',
    `Error metric: ACL's transform error, the largest distance between a virtual vertex moved by the sampled ` +
      `glTF transform and by the decoded 16-byte record, vertices on a ${report.shellDistanceCm} cm shell around each bone, ` +
      `in ${report.space} space; lengths in cm (1 glTF unit = 1 m). Percentiles are upper bounds within 2.2%.`,
    '',
    '| | max | p99 |',
    '|---|---:|---:|',
    ...contributionRows(report).map(([name, stat]) => `| ${name} | ${formatCm(stat.maxCm)} | ${formatCm(stat.p99Cm)} |`),
    '',
    `- ${percent(report.error.underPrecisionPercent)} of keyframes under ${report.precisionCm} cm (ACL's default precision).`,
  );
  const worst = report.error.worst;
  if (worst) lines.push(`- Worst: bone ${worst.bone} ${quote(worst.joint)} at frame ${worst.frame}: ${formatCm(worst.errorCm)}.`);
  lines.push('', '## Flags', '', ...flagLines(report).map((l) => `- ${l}`));
  if (plan.problems.length) lines.push('', '## Problems', '', ...plan.problems.map((p) => `- ${formatGltfProblem(p)}`));
  lines.push('', '## Bones, worst first', '', '| bone | joint | max | mean | worst frame | rotation | translation | scale | shear |', '|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const b of bonesWorstFirst(report)) {
    lines.push(`| ${b.bone} | ${quote(b.joint)} | ${formatCm(b.maxCm)} | ${formatCm(b.meanCm)} | ${b.worstFrame} | ${formatCm(b.rotationMaxCm)} | ${formatCm(b.translationMaxCm)} | ${formatCm(b.scaleMaxCm)} | ${formatCm(b.shearMaxCm)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The report file an export writes beside its outputs (`<model>.report.md`): each clip's
 * report, then the notes about the skeleton and mesh exports, if any.
 */
export function reportFileMarkdown(summaries: readonly ExportSummary[], notes: readonly GltfProblem[] = []): string {
  const notesText = notes.length ? `\n## Skeleton and mesh\n\n${notes.map((p) => `- ${formatGltfProblem(p)}`).join('\n')}\n` : '';
  return summaries.map(reportMarkdown).join('\n---\n\n') + notesText;
}

/** The machine-readable report: the plan (what was exported, its problems) and the report. */
export function reportJson({ plan, report, source }: ExportSummary): Record<string, unknown> {
  return {
    ...(source ? { source } : {}),
    animation: plan.animation,
    skin: plan.skin,
    space: plan.space,
    frameRate: plan.frameRate,
    frameCount: plan.frameCount,
    lastKeyTime: plan.lastKeyTime,
    byteLength: plan.byteLength,
    joints: plan.joints,
    report,
    problems: plan.problems,
  };
}

/** A few markdown list lines: what the hover on a manifest entry shows. */
export function reportSummaryLines({ plan, report }: ExportSummary): string[] {
  const lines = [
    `- Export (${plan.space} space, ${plan.frameRate} fps): ${plan.frameCount} frames x ${plan.joints.length} bones; ` +
      `error max ${formatCm(report.error.maxCm)}, p99 ${formatCm(report.error.p99Cm)}, ${percent(report.error.underPrecisionPercent)} under ${report.precisionCm} cm`,
  ];
  const worst = bonesWorstFirst(report)[0];
  if (worst && worst.maxCm > 0) lines.push(`- Worst bone ${worst.bone} ${quote(worst.joint)} at frame ${worst.worstFrame}: ${formatCm(worst.maxCm)} (mostly ${largestContribution(worst)})`);
  const flagged = [
    report.flags.f16Overflow.count ? `${report.flags.f16Overflow.count} f16 overflows` : '',
    report.flags.nan.count ? `${report.flags.nan.count} NaN` : '',
    report.flags.f16SubnormalOrZero.inScale ? `${report.flags.f16SubnormalOrZero.inScale} tiny scales` : '',
    report.flags.identityRotation.count ? `${report.flags.identityRotation.count} identity rotations (stored as ${IDENTITY_DECODED_DEGREES} degrees)` : '',
  ].filter(Boolean);
  if (flagged.length) lines.push(`- Flags: ${flagged.join(', ')}`);
  const warnings = plan.problems.filter((p: GltfProblem) => p.severity === 'warning');
  if (warnings.length) lines.push(`- ${warnings.length} export warning${warnings.length === 1 ? '' : 's'}, first: \`${warnings[0].code}\` ${warnings[0].message}`);
  return lines;
}
