/**
 * Hover markdown for byte descriptions comes from the core's one renderer
 * (formats/describeText.ts), so the server, the hex editor and the listing say the same words.
 */
export { describeMarkdown, viewMarkdown } from '../../../../formats/describeText';
export { formatNumber } from '../../../../formats/numberText';
