import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { stateGraph } from './state-graph';

describe('stateGraph', () => {
  const g = stateGraph(app, 'tickets');

  it('draws the ticket machine: 6 states, 7 transitions over 9 edges', () => {
    expect(g?.field).toBe('status');
    expect(g?.initial).toBe('new');
    expect(g?.nodes.map((n) => n.id)).toEqual(['new', 'open', 'pending', 'resolved', 'closed', 'cancelled']);
    expect(new Set(g?.edges.map((e) => e.transition)).size).toBe(7);
    expect(g?.edges).toHaveLength(9);
  });

  const nodes: [string, boolean, boolean, string][] = [
    ['new', true, false, 'New'],
    ['open', false, false, 'Open'],
    ['closed', false, true, 'Closed'],
    ['cancelled', false, true, 'Cancelled'],
  ];
  it.each(nodes)('%s: initial %s, final %s', (id, initial, final, label) => {
    expect(g?.nodes.find((n) => n.id === id)).toMatchObject({ initial, final, label });
  });

  const edges: [string, string[], string][] = [
    ['resolve', ['open', 'pending'], 'resolved'],
    ['withdraw', ['new', 'open'], 'cancelled'],
    ['await', ['open'], 'pending'],
  ];
  it.each(edges)('%s goes from %j to %s', (t, from, to) => {
    const mine = g?.edges.filter((e) => e.transition === t) ?? [];
    expect(mine.map((e) => e.from)).toEqual(from);
    expect(mine.every((e) => e.to === to)).toBe(true);
  });

  it('says who may run each transition', () => {
    const close = g?.edges.find((e) => e.transition === 'close');
    expect(close?.who).toEqual({ customer: 'the caller is the requester', agent: 'always', admin: 'always' });
    expect(g?.edges.find((e) => e.transition === 'await')?.label).toBe('Wait for customer');
  });

  it('no final state has an edge out of it', () => {
    const finals = new Set(g?.nodes.filter((n) => n.final).map((n) => n.id));
    expect(g?.edges.filter((e) => finals.has(e.from))).toEqual([]);
  });

  it.each(['articles', 'nope'])('is undefined for %s', (name) => {
    expect(stateGraph(app, name)).toBeUndefined();
  });
});
