// A rule's conditions over what is known of a lead (its facts): all must hold. Text is
// compared without regard to case or surrounding spaces; `gte` and `lte` compare numbers.
// A fact the lead does not have (a contact message has no course) matches nothing.
import type { ConditionField, RuleCondition } from '../../contract/rules.ts';

export type LeadFacts = Partial<Record<ConditionField, string | number>>;

const norm = (v: unknown) => String(v).trim().toLowerCase();

export function conditionHolds(condition: RuleCondition, facts: LeadFacts): boolean {
  const fact = facts[condition.field];
  if (fact === undefined || fact === null || fact === '') return false;
  const { op, value } = condition;
  switch (op) {
    case 'equals':
      return norm(fact) === norm(value);
    case 'in':
      return Array.isArray(value) && value.some((v) => norm(v) === norm(fact));
    case 'contains':
      return norm(fact).includes(norm(value));
    case 'gte':
    case 'lte': {
      const a = Number(fact);
      const b = Number(value);
      if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
      return op === 'gte' ? a >= b : a <= b;
    }
    default:
      return false;
  }
}

export function conditionsHold(conditions: readonly RuleCondition[], facts: LeadFacts): boolean {
  return conditions.every((c) => conditionHolds(c, facts));
}
