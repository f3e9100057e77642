import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { action } from '../app/action';
import { defineApp } from '../app/define-app';
import { entity } from '../app/entity';
import { f } from '../fields/field';
import { hasRole, signedIn } from '../rules/rule';
import { type Allowed, type PermissionMatrix, permissionMatrix } from './permission-matrix';

const m = permissionMatrix(app);

describe('permissionMatrix on the helpdesk', () => {
  it('has every declared role and anonymous', () => {
    expect(m.roles).toEqual(['customer', 'agent', 'admin', 'anonymous']);
  });

  const entityCases: [string, string, 'read' | 'create' | 'update' | 'delete', Allowed, RegExp][] = [
    ['customer', 'tickets', 'delete', 'never', /^never$/],
    ['admin', 'tickets', 'delete', 'always', /^always$/],
    ['customer', 'tickets', 'read', 'conditional', /requester/],
    ['agent', 'tickets', 'read', 'always', /^always$/],
    ['admin', 'tickets', 'read', 'always', /admin/],
    ['anonymous', 'articles', 'read', 'conditional', /published is true/],
    ['anonymous', 'tickets', 'read', 'never', /^never$/],
    ['anonymous', 'articles', 'create', 'never', /^never$/],
    ['customer', 'teams', 'read', 'never', /^never$/],
    ['customer', 'comments', 'read', 'conditional', /the ticket is readable and internal is false/],
    [
      'customer',
      'tickets',
      'update',
      'conditional',
      /state is New \(subject, description\); or .*\(satisfaction\)/,
    ],
    ['agent', 'tickets', 'create', 'never', /^never$/],
    ['admin', 'users', 'update', 'always', /admin/],
  ];
  it.each(entityCases)('%s × %s × %s is %s', (role, ent, op, allowed, text) => {
    const cell = m.entities[role]?.[ent]?.[op];
    expect(cell?.allowed).toBe(allowed);
    expect(cell?.text).toMatch(text);
  });

  const fieldCases: [string, string, 'read' | 'create' | 'update', string[] | undefined][] = [
    ['customer', 'tickets', 'create', ['subject', 'description', 'priority', 'category', 'tags']],
    // An update grant of a file field is who may upload into it and remove its files.
    ['customer', 'tickets', 'update', ['subject', 'description', 'satisfaction', 'attachments']],
    ['agent', 'tickets', 'update', ['priority', 'category', 'assignee', 'team', 'tags', 'attachments']],
    ['customer', 'comments', 'update', ['attachments']],
    ['agent', 'tickets', 'read', undefined],
    ['agent', 'users', 'read', ['id', 'createdAt', 'updatedAt', 'version', 'name', 'email', 'role', 'team']],
  ];
  it.each(fieldCases)('%s × %s × %s covers the fields %j', (role, ent, op, fields) => {
    expect(m.entities[role]?.[ent]?.[op]?.fields).toEqual(fields);
  });

  const transitionCases: [string, string, Allowed][] = [
    ['customer', 'respond', 'conditional'],
    ['customer', 'triage', 'never'],
    ['agent', 'resolve', 'always'],
    // Transitions are open only to the roles they list, admins included.
    ['admin', 'withdraw', 'never'],
    ['admin', 'close', 'always'],
    ['anonymous', 'close', 'never'],
  ];
  it.each(transitionCases)('%s may run %s: %s', (role, t, allowed) => {
    expect(m.transitions[role]?.tickets?.[t]?.allowed).toBe(allowed);
  });

  it('lists transitions only for entities with states', () => {
    expect(Object.keys(m.transitions.agent ?? {})).toEqual(['tickets']);
  });

  const actionCases: [string, string, Allowed][] = [
    ['agent', 'assignToMe', 'always'],
    ['admin', 'assignToMe', 'never'],
    ['admin', 'ticketStats', 'always'],
    ['customer', 'ticketStats', 'never'],
    ['anonymous', 'ticketStats', 'never'],
  ];
  it.each(actionCases)('%s may call %s: %s', (role, a, allowed) => {
    expect(m.actions[role]?.[a]?.allowed).toBe(allowed);
  });
});

describe('permissionMatrix rules settled by the role', () => {
  const notes = entity({
    fields: { body: f.text() },
    access: {
      read: { member: signedIn(), anonymous: signedIn(), boss: false },
      create: { member: hasRole('boss'), boss: hasRole('boss') },
    },
  });
  const small = defineApp({
    about: { name: 'Notes', summary: 'Notes.', audience: 'Members.' },
    roles: { member: {}, boss: { admin: true } },
    entities: { notes },
    actions: {
      ping: action({ who: { member: true }, input: {}, output: {}, handler: async () => ({}) }),
    },
  });
  const sm: PermissionMatrix = permissionMatrix(small);

  const cases: [string, 'read' | 'create' | 'delete', Allowed][] = [
    ['member', 'read', 'always'],
    ['anonymous', 'read', 'never'],
    // An admin named with `false` is refused: the admin default covers only what no rule names.
    ['boss', 'read', 'never'],
    ['boss', 'create', 'always'],
    ['member', 'create', 'never'],
    ['boss', 'delete', 'always'],
    ['member', 'delete', 'never'],
  ];
  it.each(cases)('%s × notes × %s is %s', (role, op, allowed) => {
    expect(sm.entities[role]?.notes?.[op].allowed).toBe(allowed);
  });

  it('gives admins no action they are not listed for', () => {
    expect(sm.actions.boss?.ping?.allowed).toBe('never');
    expect(sm.actions.member?.ping?.allowed).toBe('always');
  });
});
