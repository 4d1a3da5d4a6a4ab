// The lead score's weights, mounted at /api/admin/score/weights (admins only, to read as to change):
//   GET               → { weights, defaults, updatedAt, recomputing }
//   PUT  { weights }  → the same: saved whole, then every lead is scored again in batches
//                       (api/score/jobs.ts), each its own transaction, not one giant one
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { DEFAULT_SCORE_WEIGHTS, scoreWeightsSchema, type ScoreWeights, type ScoreWeightsResponse } from '../../contract/score.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import { loadWeights } from '../score/compute.ts';
import { recomputesWaiting, startRecompute } from '../score/jobs.ts';

async function answer(deps: Deps): Promise<ScoreWeightsResponse> {
  const [{ weights, updatedAt }, recomputing] = await Promise.all([loadWeights(deps.db), recomputesWaiting(deps.db, nowOf(deps))]);
  return { weights, defaults: DEFAULT_SCORE_WEIGHTS, updatedAt: updatedAt ? new Date(updatedAt).toISOString() : null, recomputing };
}

export function scoreWeights(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'score.tune'), async (c) => c.json(await answer(deps)))
    .put('/', guard(deps, 'score.tune'), async (c) => {
      const input = validate(scoreWeightsSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const weights = input.value as ScoreWeights;
      const now = nowOf(deps);
      const by = c.get('adminSession').admin.id;
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('score_weights')
          .values({ weights: JSON.stringify(weights), updated_at: now, updated_by: by })
          .onConflict((oc) => oc.column('id').doUpdateSet({ weights: JSON.stringify(weights), updated_at: now, updated_by: by }))
          .execute();
        await startRecompute(trx, `weights:${now.toISOString()}:${randomUUID()}`, now);
      });
      return c.json(await answer(deps));
    });
}
