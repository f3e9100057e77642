import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { curvePath, layoutStates, whoLine } from './state-layout';

const meta = clientMeta(app);
const machine = meta.entities.tickets!.states!;
const layout = layoutStates(machine, (r) => meta.roles[r]?.label ?? r);

describe("the tickets' state machine laid out", () => {
  it('has a node per state, the initial and final ones marked', () => {
    expect(layout.states.map((s) => s.id).sort()).toEqual([
      'cancelled',
      'closed',
      'new',
      'open',
      'pending',
      'resolved',
    ]);
    expect(layout.states.filter((s) => s.initial).map((s) => s.id)).toEqual(['new']);
    expect(
      layout.states
        .filter((s) => s.final)
        .map((s) => s.id)
        .sort(),
    ).toEqual(['cancelled', 'closed']);
  });

  it('has an edge per transition and state it leaves from, labelled with who may run it', () => {
    expect(layout.edges).toHaveLength(9);
    const respond = layout.edges.find((e) => e.transition === 'respond')!;
    expect(whoLine(respond.roles)).toBe('Customer*');
    const close = layout.edges.find((e) => e.transition === 'close')!;
    expect(whoLine(close.roles)).toBe('Customer*, Agent, Admin');
  });

  it('keeps every box and route inside the drawing, and goes left to right from the start', () => {
    for (const s of layout.states) {
      expect(s.x - s.width / 2).toBeGreaterThanOrEqual(0);
      expect(s.x + s.width / 2).toBeLessThanOrEqual(layout.width);
      expect(s.y + s.height / 2).toBeLessThanOrEqual(layout.height);
    }
    for (const p of layout.edges.flatMap((e) => e.points)) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(layout.height);
    }
    const x = (id: string) => layout.states.find((s) => s.id === id)!.x;
    expect(layout.start.at.x).toBeLessThan(x('new'));
    expect(x('new')).toBeLessThan(x('open'));
    expect(x('resolved')).toBeLessThan(x('closed'));
  });

  it('is the same every time (the drawing never moves between renders)', () => {
    expect(layoutStates(machine, (r) => meta.roles[r]?.label ?? r)).toEqual(layout);
  });
});

describe('curvePath', () => {
  it('draws a straight line through two points, and a curve ending on the last of more', () => {
    expect(curvePath([])).toBe('');
    expect(
      curvePath([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ]),
    ).toBe('M0,0L10,0');
    const d = curvePath([
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 0 },
    ]);
    expect(d.startsWith('M0,0')).toBe(true);
    expect(d.endsWith('L20,0')).toBe(true);
    expect(d).toContain('C');
  });
});
