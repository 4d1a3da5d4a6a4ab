// Rules, mounted at /api/admin/rules (admins only, to read as to change):
//   GET                        → { data: Rule[] } with how often each fired and its failures
//   POST   { name, enabled, trigger, conditions, actions } → 201 { rule }
//   PATCH  /{id}  any of those (trigger, conditions and actions whole) → { rule }
//   DELETE /{id}               → 204
//   POST   /preview  a rule    → { matched, of } over the last 100 leads of its lists
//   POST   /failures/{jobId}/retry → 204: a firing given up is tried again now
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { RULE_LIMITS, RULE_MESSAGES, ruleSchema, type Rule, type RuleInput } from '../../contract/rules.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { isLeadId } from '../leads/history.ts';
import { retryJob } from '../jobs/scheduler.ts';
import { HttpError, isPlainObject, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import { previewRule } from '../rules/preview.ts';
import { columnsOf, listRules, unknownMembers } from '../rules/store.ts';

const notFound = () => new HttpError(404, RULE_MESSAGES.notFound);

async function readRule(deps: Deps, body: unknown): Promise<RuleInput> {
  const input = validate(ruleSchema, body);
  if (!input.ok) throw input.error;
  const rule = input.value as unknown as RuleInput;
  if (await unknownMembers(deps.db, rule)) throw new HttpError(400, RULE_MESSAGES.membersUnknown);
  return rule;
}

async function one(deps: Deps, id: string): Promise<Rule> {
  const [rule] = isLeadId(id) ? await listRules(deps.db, id) : [];
  if (!rule) throw notFound();
  return rule;
}

export function rules(deps: Deps): Hono {
  const { db } = deps;
  return new Hono()
    .get('/', guard(deps, 'rules.manage'), async (c) => c.json({ data: await listRules(db) }))
    .post('/preview', guard(deps, 'rules.manage'), async (c) => {
      const rule = await readRule(deps, await readJsonBody(c, BODY_MAX_BYTES));
      return c.json(await previewRule(db, rule));
    })
    .post('/failures/:job/retry', guard(deps, 'rules.manage'), async (c) => {
      const job = c.req.param('job');
      if (!/^\d{1,18}$/.test(job) || !(await retryJob(db, job, nowOf(deps)))) throw new HttpError(404, 'There is no such failed firing');
      return c.body(null, 204);
    })
    .post('/', guard(deps, 'rules.manage'), async (c) => {
      const rule = await readRule(deps, await readJsonBody(c, BODY_MAX_BYTES));
      const count = await db.selectFrom('rules').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (Number(count.n) >= RULE_LIMITS.rules) throw new HttpError(400, RULE_MESSAGES.tooMany);
      const now = nowOf(deps);
      const row = await db
        .insertInto('rules')
        .values({
          ...columnsOf(rule),
          position: Number(count.n),
          created_by: c.get('adminSession').admin.id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return c.json({ rule: await one(deps, row.id) }, 201);
    })
    .patch('/:id', guard(deps, 'rules.manage'), async (c) => {
      const id = c.req.param('id');
      const stored = await one(deps, id);
      const body = await readJsonBody(c, BODY_MAX_BYTES);
      if (!isPlainObject(body)) throw new HttpError(400, 'Send the parts of the rule to change');
      const { _id, createdAt, updatedAt, fired, failures, ...current } = stored;
      void [_id, createdAt, updatedAt, fired, failures];
      const rule = await readRule(deps, { ...current, ...body });
      await db
        .updateTable('rules')
        .set({ ...columnsOf(rule), updated_at: nowOf(deps) })
        .where('id', '=', id)
        .execute();
      return c.json({ rule: await one(deps, id) });
    })
    .delete('/:id', guard(deps, 'rules.manage'), async (c) => {
      const id = c.req.param('id');
      if (!isLeadId(id)) throw notFound();
      const result = await db.deleteFrom('rules').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
      return c.body(null, 204);
    });
}
