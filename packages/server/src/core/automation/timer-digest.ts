/**
 * What a timed owner's timers were planned by, as one digest: its timer, the states or
 * `when` it waits in, and the value of every constant those read. A start that finds
 * another digest stored plans its timers again.
 */
import { createHash } from 'node:crypto';
import type { App } from '@ninefold/spec';
import type { TimedOwner } from './timer-owners';

// Every `constant(...)` read anywhere under a node: in the timer's amounts and in `when`
// alike, however deep (a lookup's table, an arithmetic's side, a related rule).
function constantsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) constantsIn(n, found);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.kind === 'const' && typeof o.name === 'string') found.add(o.name);
    for (const v of Object.values(o)) constantsIn(v, found);
  }
  return found;
}

/**
 * The digest of the plan an owner's timers follow.
 * @example timerDigest(app, close) !== timerDigest(withWindowOf2Days, close)
 */
export function timerDigest(app: App, owner: TimedOwner): string {
  const read = [...constantsIn([owner.timer, owner.when ?? null], new Set())].sort();
  const constants = Object.fromEntries(read.map((name) => [name, app.constants[name]?.value ?? null]));
  const plan = { timer: owner.timer, from: owner.from ?? null, when: owner.when ?? null, constants };
  return createHash('sha256').update(JSON.stringify(plan)).digest('hex');
}
