/**
 * A state transition: the only way a state field changes. Checked in order — the record
 * is readable (else NOT_FOUND), the transition starts from its state (INVALID_TRANSITION),
 * the caller may run it (FORBIDDEN), its input is valid, its preconditions hold (their own
 * codes) — then its assignments apply and the change and its audit entry commit together.
 */
import { validateFields } from '@ninefold/spec';
import { AppError } from '../app-error';
import { diff, writeAudit } from '../audit/audit-log';
import { evalExpr } from '../rules/evaluate-expr';
import { answer } from './answer';
import { lockGuardParents } from './guard-locks';
import type { RecordScope } from './record-scope';
import type { Rec } from './row-codec';
import {
  applyComputed,
  checkQuotas,
  checkReferences,
  quotaRows,
  referencedRows,
  throwIssues,
} from './write-checks';
import { checkVersion, storeVersion } from './write-records';

/**
 * @example await runTransition(scope, 'tickets', id, 'resolve', { resolution: 'Fixed.' })
 */
export async function runTransition(
  scope: RecordScope,
  entity: string,
  id: string,
  name: string,
  input: unknown,
  ifMatch?: number,
): Promise<Rec> {
  const node = scope.entity(entity);
  const machine = node.states;
  const t = machine && Object.hasOwn(machine.transitions, name) ? machine.transitions[name] : undefined;
  // Signed out and not allowed signed out: the answer is "sign in", before any record is looked at.
  if (t && !scope.system && !scope.caller && !t.who[scope.role]) throw new AppError('UNAUTHENTICATED');
  const before = await scope.readable(entity, id, true);
  if (!machine || !t) throw new AppError('NOT_FOUND');
  checkVersion(before, ifMatch);
  const state = String(before[machine.field]);
  if (!t.from.includes(state)) {
    throw new AppError('INVALID_TRANSITION', {
      state: machine.states[state]?.label ?? state,
      transition: name,
    });
  }
  const who = t.who[scope.role];
  if (!scope.system && (!who || !(await scope.holds(who, entity, before)))) {
    throw new AppError(scope.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  }
  const result = validateFields(t.input, input ?? {}, { mode: 'input' });
  if (!result.ok) throwIssues(result.issues);
  const values = (result as { value: Rec }).value;
  const given = new Set(Object.keys((input ?? {}) as object));
  const ctx = { input: values };
  const after: Rec = {
    ...before,
    [machine.field]: t.to,
    updatedAt: scope.now.toISOString(),
    version: Number(before.version) + 1,
  };
  for (const [field, expr] of Object.entries(t.set)) {
    // An input the caller left out leaves its field as it was.
    if (expr.kind === 'input' && !given.has(expr.name)) continue;
    after[field] = evalExpr(expr, before, { ...scope.rules, ...ctx });
  }
  applyComputed(scope, entity, after);
  // Preconditions read the record before; the aggregates in them count its children as if
  // the transition were applied, their parents locked first so a racing write waits — with
  // every other row the transition locks, in one order (guard-locks.ts).
  await lockGuardParents(
    scope,
    entity,
    t.requires.map((p) => p.check),
    [before, after],
    [...referencedRows(t.input, values), ...quotaRows(scope, entity, after, before)],
  );
  await checkReferences(scope, t.input, values, false);
  const judged = { ...ctx, write: { entity, id, record: after } };
  for (const p of t.requires) {
    if (!(await scope.holds(p.check, entity, before, judged))) {
      const params = Object.fromEntries(
        Object.entries(p.params).map(([k, e]) => [
          k,
          evalExpr(e, before, { ...scope.rules, ...ctx }) as string | number,
        ]),
      );
      throw new AppError(p.error, params);
    }
  }
  await checkQuotas(scope, entity, after, before);
  await storeVersion(scope, entity, before, after);
  scope.changed({ entity, id, op: 'transition', name, before, after });
  await writeAudit(scope.exec, scope.caller, scope.now, {
    entity,
    recordId: id,
    operation: 'transition',
    name,
    fromState: state,
    toState: t.to,
    changes: diff(before, after),
  });
  return answer(scope, entity, after);
}
