/**
 * The quantisation report's section on a model converted before the export (an .fbx through
 * FBX2glTF): which converter, at which rate it baked the animation, and its warnings, whole.
 */
export interface ConversionNote {
  /** The converter's name ("FBX2glTF"). */
  converter: string;
  /** The file converted (its name). */
  source: string;
  /** The rate the converter baked the animation at. */
  bakedAt: number;
  warnings: readonly string[];
}

export function conversionNotesMarkdown(note: ConversionNote): string {
  const warnings = note.warnings.length ? note.warnings.map((w) => `- warning: ${w}`).join('\n') : '- no warnings';
  return `\n## Converted with ${note.converter}\n\n${note.source} was converted to glTF by ${note.converter}, its animation baked at ${note.bakedAt} fps.\n\n${warnings}\n`;
}
