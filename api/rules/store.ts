// Rules as the API gives them: a row becomes the contract's Rule, with how often it fired
// and its failures (jobs of its firings retried or given up), so nothing fails silently.
import { sql, type Kysely } from 'kysely';
import type { ListSlug } from '../../contract/lead-kinds.ts';
import type { Rule, RuleAction, RuleCondition, RuleEvent, RuleFailure, RuleInput } from '../../contract/rules.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';

/** Failures shown per rule (the newest). */
const FAILURES_SHOWN = 20;

interface Row {
  id: string;
  name: string;
  enabled: boolean;
  event: string;
  lists: string[];
  minutes: number | null;
  status: string | null;
  conditions: unknown[];
  actions: unknown[];
  created_at: Date;
  updated_at: Date;
}

function toRule(row: Row, fired: number, failures: RuleFailure[]): Rule {
  return {
    _id: row.id,
    name: row.name,
    enabled: row.enabled,
    trigger: {
      event: row.event as RuleEvent,
      ...(row.lists.length > 0 ? { lists: row.lists as ListSlug[] } : {}),
      ...(row.minutes !== null ? { minutes: row.minutes } : {}),
      ...(row.status !== null ? { status: row.status as NonNullable<Rule['trigger']['status']> } : {}),
    },
    conditions: row.conditions as RuleCondition[],
    actions: row.actions as RuleAction[],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    fired,
    failures,
  };
}

export async function listRules(db: Kysely<Database>, only?: string): Promise<Rule[]> {
  const rows = await sql<Row>`select * from rules ${only ? sql`where id = ${only}` : sql``} order by position, created_at`.execute(db);
  if (rows.rows.length === 0) return [];
  const ids = rows.rows.map((r) => r.id);
  const [fired, failed] = await Promise.all([
    sql<{
      rule_id: string;
      n: number;
    }>`select rule_id, count(*)::int as n from rule_firings where rule_id = any(${ids}::uuid[]) group by rule_id`.execute(db),
    sql<{ id: string; rule: string; list: string; lead: string; last_error: string; attempts: number; state: string; at: Date }>`
      select * from (
        select id, payload->>'rule' as rule, payload->>'list' as list, payload->>'id' as lead, last_error, attempts, state,
          coalesce(finished_at, run_at) as at, row_number() over (partition by payload->>'rule' order by id desc) as n
        from jobs where payload->>'rule' = any(${ids}::text[]) and payload ? 'rule' and kind = 'rule.run'
          and (state = 'failed' or (state = 'waiting' and last_error is not null))
      ) f where n <= ${FAILURES_SHOWN} order by id desc`.execute(db),
  ]);
  const firedBy = new Map(fired.rows.map((r) => [r.rule_id, r.n]));
  return rows.rows.map((row) =>
    toRule(
      row,
      firedBy.get(row.id) ?? 0,
      failed.rows
        .filter((f) => f.rule === row.id)
        .map((f) => ({
          jobId: String(f.id),
          list: f.list,
          leadId: f.lead,
          error: f.last_error,
          attempts: f.attempts,
          failed: f.state === 'failed',
          at: iso(f.at),
        })),
    ),
  );
}

/** The row's columns for a rule (POST, and PATCH with the stored rule merged in). */
export function columnsOf(input: RuleInput) {
  return {
    name: input.name,
    enabled: input.enabled,
    event: input.trigger.event,
    lists: input.trigger.lists ?? [],
    minutes: input.trigger.minutes ?? null,
    status: input.trigger.event === 'lead.status' ? (input.trigger.status ?? null) : null,
    conditions: JSON.stringify(input.conditions),
    actions: JSON.stringify(input.actions),
  };
}

/** Members an input names (assign, round robin, notify): all must be active admins or counsellors. */
export async function unknownMembers(db: Kysely<Database>, input: RuleInput): Promise<boolean> {
  const ids = new Set<string>();
  for (const a of input.actions) {
    if (a.type === 'assign') (a.roundRobin ?? [a.memberId]).forEach((id) => ids.add(id));
    if (a.type === 'notify' && a.to !== 'owner' && a.to !== 'admins') ids.add(a.to);
  }
  if (ids.size === 0) return false;
  const found = await sql<{ n: number }>`
    select count(*)::int as n from admins where id = any(${[...ids]}::uuid[]) and active and role in ('admin', 'counsellor')`.execute(db);
  return (found.rows[0]?.n ?? 0) !== ids.size;
}
