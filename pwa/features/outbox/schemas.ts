// What "fix and resend" needs for a queued item, from the lead registry: the contract
// schema for its path (so it checks the same rules the server will) and its fields' labels.
import type { AnyObjectSchema } from 'yup';
import { kindOfPath, LEAD_KINDS } from '../../../contract/lead-kinds.ts';
import { LEAD_SCHEMAS } from '../../../contract/lead-schemas.ts';

export function schemaFor(path: string): AnyObjectSchema | undefined {
  const kind = kindOfPath(path);
  return kind ? LEAD_SCHEMAS[kind] : undefined;
}

/** A field's label on the form it came from; the key itself for a field the registry does not know. */
export function fieldLabel(path: string, field: string): string {
  const kind = kindOfPath(path);
  const fields: readonly { key: string; label: string }[] = kind ? LEAD_KINDS[kind].fields : [];
  return fields.find((f) => f.key === field)?.label ?? field;
}
