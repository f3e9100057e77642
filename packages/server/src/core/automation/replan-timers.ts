/**
 * At start: the timers of a timed transition or timed event whose plan changed since they
 * were laid out (a constant's new value, a timer newly declared) are planned again for every
 * record they concern.
 */
import { sql } from 'kysely';
import type { Core } from '../ninefold-core';
import { decodeInPlace, type Rec, recordColumns } from '../records/row-codec';
import { timerDigest } from './timer-digest';
import { allTimedOwners, type TimedOwner, timerPlanId } from './timer-owners';
import { planTimer } from './timer-plan';

/** Records planned again in one transaction. */
const PAGE = 500;

/**
 * Plans again the timers whose plan changed, then stores the plan. Each page of records is
 * one write of the system that locks its rows, so a write of one of them waits for it (or it
 * for the write) and sees the job it queued; two processes starting at once on PostgreSQL
 * both do the work, the second finding it done (queued keys are replaced, never joined). A
 * record with a queued timer keeps the moment it counts from; one with none (a timer newly
 * declared) counts from its `since` field or — the best known time it entered its state —
 * when it was last written. A timer that already came is not planned again (timer-plan.ts
 * says how that is told). A crash midway leaves the old digest, so the next start does it
 * all again.
 * @example await replanTimers(core);
 */
export async function replanTimers(core: Core): Promise<void> {
  const owners = allTimedOwners(core.app);
  if (owners.length === 0) return;
  const stored = await core.db.all<{ id: string; digest: string }>(
    core.db.qb.selectFrom('nf_timer_plans').select(['id', 'digest']),
  );
  const digests = new Map(stored.map((r) => [r.id, r.digest]));
  for (const owner of owners) {
    const digest = timerDigest(core.app, owner);
    const was = digests.get(timerPlanId(owner));
    if (was === digest) continue;
    await replanOwner(core, owner, was === undefined ? 'new' : 'changed');
    await core.db.run(
      core.db.qb
        .insertInto('nf_timer_plans')
        .values({ id: timerPlanId(owner), digest })
        .onConflict((oc) => oc.column('id').doUpdateSet({ digest })),
    );
  }
}

async function replanOwner(core: Core, owner: TimedOwner, replan: 'new' | 'changed'): Promise<void> {
  const node = core.app.entities[owner.entity]!;
  const columns = sql.join(recordColumns(node).map((c) => sql.ref(c)));
  let after = '';
  for (;;) {
    const last = await core.write(
      null,
      async (scope) => {
        const { exec } = scope;
        const rows = await exec.all<Rec>(
          sql`select ${columns} from ${sql.table(owner.entity)} where id > ${after} order by id limit ${PAGE}${exec.dialect.forUpdate}`.compile(
            exec.qb,
          ),
        );
        for (const row of rows)
          await planTimer(scope, owner, decodeInPlace(node, row, exec.dialect), { replan });
        return rows.length < PAGE ? null : String(rows.at(-1)!.id);
      },
      true,
    );
    if (last === null) return;
    after = last;
  }
}
