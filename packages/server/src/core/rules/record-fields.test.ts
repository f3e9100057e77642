import { allow, callerIs, can, defineApp, entity, eq, f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { fieldsHeld, fieldsOfRecord, readPlan, sameFields } from './record-fields';
import type { RuleContext } from './rule-context';

const many = Array.from({ length: 33 }, (_, i) => ({ where: eq('n', i), fields: [`f${i % 3}`] }));

const app = defineApp({
  about: { name: 'T', summary: 'Read plans.', audience: 'Tests.' },
  roles: { one: {}, same: {}, split: {}, related: {}, crowd: {}, boss: { admin: true } },
  entities: {
    docs: entity({
      fields: {
        owner: f.ref('users'),
        n: f.integer(),
        title: f.text(),
        body: f.text(),
        f0: f.text(),
        f1: f.text(),
        f2: f.text(),
      },
      access: {
        read: {
          one: { where: eq('n', 1), fields: ['title'] },
          same: [
            { where: eq('n', 1), fields: ['title', 'body'] },
            { where: eq('n', 2), fields: ['body', 'title'] },
          ],
          split: [{ where: callerIs('owner') }, { where: allow(), fields: ['title', 'n'] }],
          crowd: many,
        },
      },
    }),
    comments: entity({
      fields: { doc: f.ref('docs'), text: f.text(), secret: f.text() },
      access: {
        read: { related: [{ where: can('doc', 'read'), fields: ['text'] }, { where: eq('text', 'open') }] },
      },
    }),
  },
});

const ctx = (id: string, role: string): RuleContext => ({
  app,
  caller: { id, role, email: '' },
  now: new Date(),
});
const sorted = (s: ReadonlySet<string> | undefined) => (s ? [...s].sort() : 'all');

describe('readPlan', () => {
  it.each([
    { role: 'boss', common: 'all', perRecord: false },
    { role: 'one', common: ['title'], perRecord: false },
    { role: 'same', common: ['body', 'title'], perRecord: false },
    { role: 'split', common: ['n', 'title'], perRecord: true },
    { role: 'crowd', common: [], perRecord: true },
    { role: 'nobody', common: [], perRecord: false },
  ])('$role: common $common, per record $perRecord', ({ role, common, perRecord }) => {
    const plan = readPlan(app, 'docs', role);
    expect(sorted(plan.common)).toEqual(common);
    expect(plan.grants !== undefined).toBe(perRecord);
  });
});

describe('fieldsHeld', () => {
  const plan = readPlan(app, 'docs', 'split');
  it.each([
    { held: [true, true], shows: 'all' },
    { held: [true, false], shows: 'all' },
    { held: [false, true], shows: ['n', 'title'] },
    { held: [false, false], shows: ['n', 'title'] },
  ])('grants held $held show $shows', ({ held, shows }) => {
    expect(sorted(fieldsHeld(plan, (g) => held[plan.grants!.indexOf(g)]!))).toEqual(shows);
  });

  it('answers the same set for the same grants held, so it can key a cache', () => {
    const crowd = readPlan(app, 'docs', 'split');
    const a = fieldsHeld(crowd, (g) => g === crowd.grants![1]);
    expect(fieldsHeld(crowd, (g) => g === crowd.grants![1])).toBe(a);
  });

  it('unions past 30 grants without a mask', () => {
    const crowd = readPlan(app, 'docs', 'crowd');
    const held = new Set([crowd.grants![0], crowd.grants![31]]);
    expect(sorted(fieldsHeld(crowd, (g) => held.has(g)))).toEqual(['f0', 'f1']);
  });
});

describe('fieldsOfRecord', () => {
  const doc = { id: 'd1', owner: 'u1', n: 1, title: 't', body: 'b', f0: '', f1: '', f2: '' };

  it.each([
    { caller: 'u1', shows: 'all' },
    { caller: 'u2', shows: ['n', 'title'] },
  ])('a doc read by $caller shows $shows, at once', ({ caller, shows }) => {
    const fields = fieldsOfRecord(
      readPlan(app, 'docs', 'split'),
      'docs',
      doc,
      ctx(caller, 'split'),
      async () => null,
    );
    expect(fields).not.toBeInstanceOf(Promise);
    expect(sorted(fields as ReadonlySet<string> | undefined)).toEqual(shows);
  });

  it.each([
    { text: 'open', docFound: false, shows: 'all' },
    { text: 'x', docFound: true, shows: ['text'] },
    { text: 'x', docFound: false, shows: ['text'] },
  ])(
    'a comment ($text, its doc found: $docFound) waits for its doc, and shows $shows',
    async ({ text, docFound, shows }) => {
      const plan = readPlan(app, 'comments', 'related');
      const comment = { id: 'c1', doc: 'd1', text, secret: 's' };
      // The related role holds no grant on docs: a doc found or not, `can` says no.
      const load = async () => (docFound ? doc : null);
      const fields = fieldsOfRecord(plan, 'comments', comment, ctx('u1', 'related'), load);
      expect(fields).toBeInstanceOf(Promise);
      expect(sorted(await fields)).toEqual(shows);
    },
  );
});

describe('sameFields', () => {
  it.each([
    { a: undefined, b: undefined, same: true },
    { a: new Set(['x']), b: undefined, same: false },
    { a: new Set(['x', 'y']), b: new Set(['y', 'x']), same: true },
    { a: new Set(['x']), b: new Set(['y']), same: false },
  ])('$a and $b: $same', ({ a, b, same }) => expect(sameFields(a, b)).toBe(same));
});
