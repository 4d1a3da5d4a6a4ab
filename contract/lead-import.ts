// Importing leads from a CSV file: its limits, the consent basis it needs, and the answer by row.
import { CONSENT_BASIS_MAX, CONSENT_BASIS_MIN } from './consent.ts';
import { isStorableText } from './text-rules.ts';

export const IMPORT_MESSAGES = {
  importEmpty: 'The file has no rows under its header',
  importNotUtf8: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".',
  importTooLarge: 'The file is too large: at most 10,000 rows and 5 MB',
  importMissingColumns: (columns: string[]) => `The file's header lacks: ${columns.join(', ')}`,
  consentBasisRequired: `Say how the people in this file agreed to be contacted, in at least ${CONSENT_BASIS_MIN} characters (for example "paper form at the Pune career fair, 12 Nov, consent box ticked")`,
  consentBasisTooLong: `Say it in at most ${CONSENT_BASIS_MAX} characters`,
  consentBasisCharacters: 'The consent basis contains characters that are not allowed',
} as const;

/**
 * An import's consent basis (\`consentBasis\`): how the file was collected and what its people
 * agreed to, stored as each imported lead's consent record. Required. The error, or undefined.
 */
export function consentBasisError(value: string | null | undefined): string | undefined {
  const basis = (value ?? '').trim();
  if (basis.length < CONSENT_BASIS_MIN) return IMPORT_MESSAGES.consentBasisRequired;
  if (basis.length > CONSENT_BASIS_MAX) return IMPORT_MESSAGES.consentBasisTooLong;
  if (!isStorableText(basis)) return IMPORT_MESSAGES.consentBasisCharacters;
  return undefined;
}

/** Rows one import may hold, and bytes. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** One row of an import's answer. */
export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  ok: boolean;
  /** Why it cannot be stored: the form's own messages, by field. */
  errors?: Record<string, string>;
  /** Stored earlier (the same file, or the same row in another import of it). */
  duplicate?: boolean;
  /** The same email or phone as this earlier line of the file: left out, so no one is imported twice. */
  duplicateOf?: number;
  /** Each problem as a sentence that names the person and shows the value ("Line 29, Ravi Kumar: '9.12346E+09' is not …"). */
  messages?: string[];
}
export interface ImportResponse {
  fileName: string;
  committed: boolean;
  total: number;
  valid: number;
  invalid: number;
  /** On commit: rows stored now, and rows already stored by an earlier import of this file. */
  stored?: number;
  alreadyStored?: number;
  /** Header cells that name no field of the form: their values are not imported (a Date column among them: a lead's date is when it is imported). */
  ignoredColumns: string[];
  /** With ?assignToMe=1: the stored leads now the importer's (a lead round robin gave to a colleague stays theirs). */
  assignedToMe?: number;
  rows: ImportRow[];
}
