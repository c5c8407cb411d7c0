/**
 * The official SARIF 2.1.0 JSON schema (draft-04; the copy @microsoft/jest-sarif ships) compiled
 * with ajv, formats included: a real validator for the CLI's SARIF output.
 */
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import sarifSchema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json';

// The schema's language-tag pattern has a stray `]` that only a non-unicode RegExp accepts.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(sarifSchema);

/** Validates a SARIF log; returns the schema errors as text ('' when valid). */
export function sarifSchemaErrors(log: unknown): string {
  return validate(log) ? '' : ajv.errorsText(validate.errors, { separator: '\n' });
}
