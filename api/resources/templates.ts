// Message templates, mounted at /api/admin/templates: what WhatsApp messages and emails to a
// lead start from, with {name}, {course}, {counsellor} and {link} filled in by the console.
//   GET             (members who read leads) → { data: [{ id, name, language, channel, body, stage }] }
//   POST            (admins) { name, language, channel, body, stage? } → 201 { template } (a brace that
//                   is no placeholder is refused: nothing may reach a lead as "{cours}")
//   PATCH /{id}     (admins) any of those → { template }
//   DELETE /{id}    (admins) → 204
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import {
  templateSchema,
  templateUpdateSchema,
  type MessageTemplate,
  type TemplateChannel,
  type TemplateLanguage,
  type TemplateStage,
  type TemplatesResponse,
} from '../../contract/templates.ts';
import { WORKSPACE_MESSAGES } from '../../contract/workspace.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { isLeadId } from '../leads/history.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';

const COLUMNS = ['id', 'name', 'language', 'channel', 'body', 'stage'] as const;
const notFound = () => new HttpError(404, WORKSPACE_MESSAGES.templateNotFound);

export function templates(deps: Deps): Hono {
  const { db } = deps;
  return new Hono()
    .get('/', guard(deps, 'leads.read'), async (c) => {
      const rows = await db
        .selectFrom('message_templates')
        .select(COLUMNS)
        .orderBy('channel', 'desc')
        .orderBy('language')
        .orderBy('name')
        .execute();
      const body: TemplatesResponse = { data: rows };
      return c.json(body);
    })
    .post('/', guard(deps, 'templates.manage'), async (c) => {
      const input = validate(templateSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const template: MessageTemplate = await db
        .insertInto('message_templates')
        .values({
          name: input.value.name,
          language: input.value.language as TemplateLanguage,
          channel: input.value.channel as TemplateChannel,
          body: input.value.body,
          stage: input.value.stage as TemplateStage,
          created_by: c.get('adminSession').admin.id,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return c.json({ template }, 201);
    })
    .patch('/:id', guard(deps, 'templates.manage'), async (c) => {
      const id = c.req.param('id');
      if (!isLeadId(id)) throw notFound();
      const input = validate(templateUpdateSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const { name, language, channel, body, stage } = input.value;
      const template = await db
        .updateTable('message_templates')
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(language !== undefined ? { language: language as TemplateLanguage } : {}),
          ...(channel !== undefined ? { channel: channel as TemplateChannel } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(stage !== undefined ? { stage: stage as TemplateStage } : {}),
          updated_at: nowOf(deps),
        })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
      if (!template) throw notFound();
      return c.json({ template });
    })
    .delete('/:id', guard(deps, 'templates.manage'), async (c) => {
      const id = c.req.param('id');
      if (!isLeadId(id)) throw notFound();
      const deleted = await db.deleteFrom('message_templates').where('id', '=', id).returning('id').executeTakeFirst();
      if (!deleted) throw notFound();
      return c.body(null, 204);
    });
}
