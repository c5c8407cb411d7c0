import type { ByteFieldType } from '../../formats/describe';

/**
 * One part of a row's decoded values: a keyframe has three (q, p, s) that the row lays out on one
 * line or wraps onto several when the editor is narrow; a matrix row has three lines.
 */
export interface DecodedGroup {
  /** Coloured like the bytes it comes from; undefined for plain text. */
  fieldType?: ByteFieldType;
  /** 'q', 'p', 's' (explained by the legend), or '' */
  name: string;
  text: string;
  /** The values as cells of one width (a keyframe's), `text` being them one space apart: a narrow row breaks the group between them. */
  cells?: string[];
  /**
   * The most characters each cell can take, whatever the bytes (a matrix row's, an NRes row's):
   * under the bytes the group breaks between cells where these say (decodedLayout's breakCells),
   * so a row's lines are known before its bytes are read.
   */
  cellCh?: readonly number[];
}
