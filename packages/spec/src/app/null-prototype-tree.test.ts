import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { nullPrototypeTree } from './null-prototype-tree';

const PROTO_NAMES = ['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf'];

describe('nullPrototypeTree', () => {
  it('copies plain objects without a prototype, and keeps everything else', () => {
    const when = new Date(0);
    const handler = () => 1;
    const shared = { kind: 'rule' };
    const tree = nullPrototypeTree({ a: { b: [shared, shared] }, when, handler });
    expect(Object.getPrototypeOf(tree)).toBeNull();
    expect(Object.getPrototypeOf(tree.a)).toBeNull();
    expect(Object.getPrototypeOf(tree.a.b[0])).toBeNull();
    expect(tree.a.b[0]).toBe(tree.a.b[1]);
    expect(tree.when).toBe(when);
    expect(tree.handler).toBe(handler);
    expect(tree).toEqual({ a: { b: [{ kind: 'rule' }, { kind: 'rule' }] }, when, handler });
  });
});

// Every map of a defined app is looked up by names from requests (bug: DELETE
// /api/entities/constructor/<id> answered 500, a TypeError in grantsFor).
describe('defineApp: no map of the spec finds a prototype name', () => {
  const tickets = app.entities.tickets!;
  const machine = tickets.states!;
  const maps: [string, object][] = [
    ['roles', app.roles],
    ['constants', app.constants],
    ['errors', app.errors],
    ['entities', app.entities],
    ['actions', app.actions],
    ['screens', app.screens],
    ['limits.quotas', app.limits.quotas],
    ['limits.rates', app.limits.rates],
    ['entity fields', tickets.fields],
    ['access.read', tickets.access.read],
    ['access.delete', tickets.access.delete],
    ['states', machine.states],
    ['transitions', machine.transitions],
    ['transition who', Object.values(machine.transitions)[0]!.who],
    ['action who', Object.values(app.actions)[0]!.who],
    ['action input', Object.values(app.actions)[0]!.input],
  ];
  it.each(maps)('%s', (_name, map) => {
    for (const key of PROTO_NAMES) expect((map as Record<string, unknown>)[key]).toBeUndefined();
    expect(Object.isFrozen(map)).toBe(true);
  });

  it('still reads as plain data: keys, JSON and equality are unchanged', () => {
    expect(Object.keys(app.entities)).toContain('tickets');
    expect(JSON.parse(JSON.stringify(app.errors.NOT_FOUND))).toEqual(app.errors.NOT_FOUND);
  });
});
