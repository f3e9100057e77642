import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { defineApp } from '../app/define-app';
import { entity } from '../app/entity';
import { f } from '../fields/field';
import { constant } from '../rules/expr';
import { clientMeta } from './client-meta';
import { recordTitle } from './record-title';

const meta = clientMeta(app);

function functionsIn(value: unknown, path = '$'): string[] {
  if (typeof value === 'function') return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => functionsIn(v, `${path}.${k}`));
}

describe('clientMeta on the helpdesk', () => {
  it('survives JSON unchanged', () => {
    expect(JSON.parse(JSON.stringify(meta))).toStrictEqual(meta);
  });

  it('holds no function anywhere, though the app does', () => {
    expect(functionsIn(app).length).toBeGreaterThan(0);
    expect(functionsIn(meta)).toEqual([]);
    expect(meta.actions.assignToMe).not.toHaveProperty('handler');
  });

  it('sends only public constants', () => {
    expect(Object.keys(meta.constants).sort()).toEqual(
      Object.entries(app.constants)
        .filter(([, c]) => c.public)
        .map(([n]) => n)
        .sort(),
    );
    expect(meta.constants.REOPEN_WINDOW_DAYS).toEqual({
      value: 7,
      description: 'Days after resolution a customer may reopen.',
    });
  });

  const top = [
    'about',
    'roles',
    'entities',
    'errors',
    'constants',
    'limits',
    'screens',
    'actions',
    'permissions',
    'notifications',
  ];
  it('has the parts of the spec a client needs', () => {
    expect(Object.keys(meta)).toEqual(top);
    expect(Object.keys(meta.entities)).toEqual(['users', 'teams', 'tickets', 'comments', 'articles']);
    expect(meta.roles.admin).toMatchObject({ label: 'Admin', admin: true });
    expect(meta.screens.board?.route).toBe('/tickets/board');
  });

  it('resolves a quota maximum from its constant', () => {
    expect(meta.limits.quotas).toEqual([
      expect.objectContaining({ name: 'openTickets', entity: 'tickets', max: 5, error: 'OPEN_TICKET_LIMIT' }),
    ]);
    expect(meta.limits.quotas[0]?.where?.text).toBe('the state is New, Open or Pending');
    expect(meta.limits.rates.map((r) => [r.name, r.windowSeconds])).toEqual([
      ['customerWrites', 60],
      ['failedLogins', 60],
    ]);
  });

  it('describes transitions with rules and words', () => {
    const reopen = meta.entities.tickets?.states?.transitions.reopen;
    expect(reopen).toMatchObject({ label: 'Reopen', from: ['resolved'], to: 'open' });
    expect(reopen?.who.customer?.text).toBe('the caller is the requester');
    expect(reopen?.who.customer?.rule.kind).toBe('compare');
    expect(reopen?.requires).toEqual([expect.objectContaining({ error: 'REOPEN_WINDOW_EXPIRED' })]);
    expect(meta.entities.tickets?.states?.transitions.resolve?.input).toHaveProperty('resolution');
  });

  const validations: [string, string, string, string | undefined][] = [
    ['tickets', 'satisfactionOnlyByRequesterOnceResolved', 'SATISFACTION_NOT_ALLOWED', 'satisfaction'],
    ['comments', 'noCommentsOnClosedTickets', 'TICKET_CLOSED', 'ticket'],
    ['users', 'teamOnlyForAgents', 'VALIDATION_FAILED', 'team'],
  ];
  it.each(validations)('%s validates %s with %s on %s', (ent, name, error, field) => {
    expect(meta.entities[ent]?.validate).toContainEqual(expect.objectContaining({ name, error, field }));
  });

  it('carries the error catalogue with message parameters', () => {
    expect(meta.errors.OPEN_TICKET_LIMIT).toMatchObject({ status: 409, params: ['max'] });
    expect(meta.errors.NOT_FOUND).toMatchObject({ status: 404, builtin: true });
  });

  it('carries field constraints', () => {
    expect(meta.entities.tickets?.fields.subject).toMatchObject({ type: 'text', min: 5, max: 120 });
  });

  it('carries actions and the permission matrix', () => {
    expect(meta.actions.ticketStats).toMatchObject({ label: 'Ticket statistics', errors: [] });
    expect(Object.keys(meta.actions.ticketStats?.who ?? {})).toEqual(['agent', 'admin']);
    expect(meta.permissions.entities.customer?.tickets?.delete.allowed).toBe('never');
  });
});

describe('clientMeta with a quota on a constant that is not a number', () => {
  it('fails loudly rather than send a wrong limit', () => {
    const bad = defineApp({
      about: { name: 'X', summary: 'X.', audience: 'X.' },
      roles: { member: {} },
      constants: { MAX: { value: 'five' } },
      entities: { notes: entity({ fields: { body: f.text() } }) },
      limits: { quotas: { notes: { entity: 'notes', owner: 'id', max: constant('MAX') } } },
    });
    expect(() => clientMeta(bad)).toThrow(/limits\.quotas\.notes\.max/);
  });
});

describe('clientMeta of roles with account options', () => {
  const meta = clientMeta(
    defineApp({
      about: { name: 'Claims', summary: 'Expense claims.', audience: 'Staff and finance.' },
      roles: {
        finance: { admin: true },
        lead: { apiKeys: { roles: ['visitor'] } },
        staff: { invitedBy: ['lead'], verifyEmail: { actAs: 'visitor' } },
        visitor: { signUp: true, verifyEmail: true, apiKeys: false },
        bot: { service: true },
      },
      messages: {
        invitation: { subject: 'Join {appName}', text: 'Follow {link}.' },
      },
      entities: { claims: entity({ fields: { amount: f.number() } }) },
    }),
  );

  it('sends what the UI needs to offer invitations, verification and API keys', () => {
    expect(meta.roles).toEqual({
      finance: { label: 'Finance', admin: true },
      lead: { label: 'Lead', apiKeys: { roles: ['visitor'] } },
      staff: { label: 'Staff', invitedBy: ['lead'], verifyEmail: { actAs: 'visitor' } },
      visitor: { label: 'Visitor', signUp: true, verifyEmail: true, apiKeys: false },
      bot: { label: 'Bot', service: true },
    });
  });

  it('keeps the mail catalogue on the server', () => {
    expect(meta).not.toHaveProperty('messages');
    expect(JSON.stringify(meta)).not.toContain('Join {appName}');
  });
});

describe('clientMeta of titles through references and the newer field types', () => {
  const library = defineApp({
    about: { name: 'Library', summary: 'Loans.', audience: 'Librarians.' },
    roles: { librarian: {} },
    entities: {
      books: entity({ title: 'title', fields: { title: f.text(), site: f.url({ optional: true }) } }),
      loans: entity({
        title: '{book.title} until {due}',
        fields: {
          book: f.ref('books'),
          due: f.date({ min: '2020-01-01' }),
          days: f.integer({ choices: [7, 14, 28], default: 14 }),
        },
      }),
    },
  });
  const meta = clientMeta(library);

  it('sends the title as declared, which recordTitle reads', () => {
    expect(meta.entities.loans?.title).toBe('{book.title} until {due}');
    const loan = { id: 'x', book: 'b', due: '2026-05-01', days: 14 };
    expect(recordTitle(meta.entities.loans!, loan, { book: { title: 'Dune' } })).toBe(
      'Dune until 2026-05-01',
    );
  });

  it('sends dates, web addresses and choices with their constraints, as JSON', () => {
    expect(meta.entities.loans?.fields.due).toMatchObject({ type: 'date', min: '2020-01-01' });
    expect(meta.entities.loans?.fields.days).toMatchObject({ type: 'integer', choices: [7, 14, 28] });
    expect(meta.entities.books?.fields.site).toMatchObject({ type: 'url', optional: true });
    expect(JSON.parse(JSON.stringify(meta))).toStrictEqual(meta);
  });

  it('keeps a path title out of the list sorts', () => {
    expect(meta.entities.loans?.list?.sorts).toEqual(['createdAt']);
  });
});
