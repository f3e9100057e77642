/**
 * `ruleNow` decides at once exactly what `evalRule` decides after loading, and asks for
 * rows only when a related record could change the answer.
 */

import app from '@ninefold/example-helpdesk';
import { allow, and, callerIs, can, deny, eq, not, or, type RuleNode } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { evalRule, NEEDS_ROWS, type Row, ruleNow } from './evaluate-rule';
import type { RuleContext } from './rule-context';

const alice = { id: 'u-alice', role: 'customer', email: 'alice@example.com' };
const ctx: RuleContext = { app, caller: alice, now: new Date('2026-01-01T00:00:00Z') };
const ticket: Row = { id: 't1', requester: 'u-alice', status: 'open' };
const comment: Row = { id: 'c1', ticket: 't1', internal: false };
const bobsComment: Row = { id: 'c2', ticket: 't2', internal: false };
const rows: Record<string, Row> = {
  'tickets:t1': ticket,
  'tickets:t2': { ...ticket, id: 't2', requester: 'u-bob' },
};

const mine = callerIs('requester') as RuleNode;
const ticketReadable = can('ticket', 'read') as RuleNode;

describe('ruleNow', () => {
  it.each<[string, RuleNode, string, Row, boolean | typeof NEEDS_ROWS]>([
    ['a plain comparison', mine, 'tickets', ticket, true],
    ['allow', allow() as RuleNode, 'tickets', ticket, true],
    ['not of a comparison', not(mine) as RuleNode, 'tickets', ticket, false],
    ['a related record', ticketReadable, 'comments', comment, NEEDS_ROWS],
    [
      'and: a false part decides without rows',
      and(deny(), ticketReadable) as RuleNode,
      'comments',
      comment,
      false,
    ],
    [
      'and: a true part leaves rows to decide',
      and(eq('internal', false), ticketReadable) as RuleNode,
      'comments',
      comment,
      NEEDS_ROWS,
    ],
    [
      'or: a true part decides without rows',
      or(ticketReadable, allow()) as RuleNode,
      'comments',
      comment,
      true,
    ],
    [
      'or: a false part leaves rows to decide',
      or(deny(), ticketReadable) as RuleNode,
      'comments',
      comment,
      NEEDS_ROWS,
    ],
    ['not of a related record', not(ticketReadable) as RuleNode, 'comments', comment, NEEDS_ROWS],
  ])('%s', async (_, rule, entity, record, expected) => {
    expect(ruleNow(rule, entity, record, ctx)).toBe(expected);
  });

  it.each([
    ['a readable ticket', comment, true],
    ["another customer's ticket", bobsComment, false],
  ])('agrees with evalRule once rows are loaded: comment on %s', async (_, record, expected) => {
    let loads = 0;
    const load = async (entity: string, id: string) => {
      loads += 1;
      return rows[`${entity}:${id}`] ?? null;
    };
    const rule = and(eq('internal', false), ticketReadable) as RuleNode;
    expect(await evalRule(rule, 'comments', record, ctx, load)).toBe(expected);
    expect(loads).toBe(1);
    expect(await evalRule(and(deny(), ticketReadable) as RuleNode, 'comments', record, ctx, load)).toBe(
      false,
    );
    expect(loads).toBe(1);
  });
});
