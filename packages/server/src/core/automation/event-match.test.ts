import helpdesk from '@ninefold/example-helpdesk';
import { createTestApp } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../changes/change-event';
import { actorScope } from './event-match';

const alice = { id: 'a1', role: 'customer', email: 'alice@example.test' };
const bob = { id: 'b1', role: 'agent', email: 'bob@example.test' };

function change(actor: ChangeEvent['actor'], bySystem?: boolean): ChangeEvent {
  const base = {
    kind: 'change',
    entity: 'tickets',
    id: 't1',
    op: 'update',
    before: {},
    after: {},
    at: '',
  } as const;
  return { ...base, ...(actor === undefined ? {} : { actor }), ...(bySystem ? { bySystem } : {}) };
}

// Who a change is judged as: its author, whatever scope automation hears it in — a trigger's
// change inside an anonymous person's write is the system's, an anonymous person's inside a
// system scope is theirs.
describe('actorScope', () => {
  it.each([
    ['a person, heard in their own write', alice, false, alice, false, 'a1', false],
    ['a person, heard in another scope', bob, false, alice, false, 'b1', false],
    ['the system, heard in an anonymous write', null, true, null, false, undefined, true],
    ['the system, heard in a person\u2019s write', null, true, alice, false, undefined, true],
    ['an anonymous person, heard in the system\u2019s scope', null, false, null, true, undefined, false],
    ['an anonymous person, in their own write', null, false, null, false, undefined, false],
  ] as const)('judges %s', async (_, actor, bySystem, caller, system, id, judgedSystem) => {
    await using t = await createTestApp(helpdesk, { listen: false });
    const judged = actorScope(t.core.scope(caller, system), change(actor, bySystem));
    expect(judged.caller?.id).toBe(id);
    expect(judged.system).toBe(judgedSystem);
  });

  it('leaves a change without an author as it is heard', async () => {
    await using t = await createTestApp(helpdesk, { listen: false });
    const scope = t.core.scope(alice, false);
    expect(actorScope(scope, change(undefined))).toBe(scope);
  });
});
