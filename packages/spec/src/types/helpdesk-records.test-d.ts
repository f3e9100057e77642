/**
 * Inference end to end over the real helpdesk spec: the records an entity stores and the
 * inputs a create or an update accepts, as the client SDK and the hooks will see them.
 */

import type app from '@ninefold/example-helpdesk';
import { describe, expectTypeOf, test } from 'vitest';
import type { CreateInput, EntityName, FieldName, FileRef, RecordOf, RoleName, UpdateInput } from '../index';

type App = typeof app;
type Ticket = RecordOf<App, 'tickets'>;

describe('names', () => {
  test('entity names are the declared ones plus the built-in users', () => {
    expectTypeOf<EntityName<App>>().toEqualTypeOf<'users' | 'teams' | 'tickets' | 'comments' | 'articles'>();
    // @ts-expect-error an entity the app does not declare
    expectTypeOf<RecordOf<App, 'invoices'>>().toBeObject();
  });

  test('role names are the keys of roles, without anonymous', () => {
    expectTypeOf<RoleName<App>>().toEqualTypeOf<'customer' | 'agent' | 'admin'>();
  });
});

describe('tickets record', () => {
  test('enum and state fields are their literal unions', () => {
    expectTypeOf<Ticket['priority']>().toEqualTypeOf<'low' | 'normal' | 'high' | 'urgent'>();
    expectTypeOf<Ticket['category']>().toEqualTypeOf<'billing' | 'technical' | 'account' | 'other'>();
    expectTypeOf<Ticket['status']>().toEqualTypeOf<
      'new' | 'open' | 'pending' | 'resolved' | 'closed' | 'cancelled'
    >();
  });

  test('optional fields are nullable, required ones are not', () => {
    expectTypeOf<Ticket['assignee']>().toEqualTypeOf<string | null>();
    expectTypeOf<Ticket['team']>().toEqualTypeOf<string | null>();
    expectTypeOf<Ticket['satisfaction']>().toEqualTypeOf<number | null>();
    expectTypeOf<Ticket['resolvedAt']>().toEqualTypeOf<string | null>();
    expectTypeOf<Ticket['requester']>().toEqualTypeOf<string>();
    expectTypeOf<Ticket['dueAt']>().toEqualTypeOf<string>();
    expectTypeOf<Ticket['subject']>().toEqualTypeOf<string>();
  });

  test('a many-files field is an array of FileRef', () => {
    expectTypeOf<Ticket['attachments']>().toEqualTypeOf<FileRef[]>();
  });

  test('a list field is an array of its item', () => {
    expectTypeOf<Ticket['tags']>().toEqualTypeOf<string[]>();
  });

  test('the whole record, system fields included, and nothing else', () => {
    expectTypeOf<Ticket>().toEqualTypeOf<{
      id: string;
      createdAt: string;
      updatedAt: string;
      version: number;
      subject: string;
      description: string;
      priority: 'low' | 'normal' | 'high' | 'urgent';
      category: 'billing' | 'technical' | 'account' | 'other';
      status: 'new' | 'open' | 'pending' | 'resolved' | 'closed' | 'cancelled';
      requester: string;
      assignee: string | null;
      team: string | null;
      dueAt: string;
      tags: string[];
      resolution: string | null;
      resolvedAt: string | null;
      satisfaction: number | null;
      attachments: FileRef[];
    }>();
    expectTypeOf<FieldName<App, 'tickets'>>().toEqualTypeOf<keyof Ticket>();
    expectTypeOf<Ticket>().not.toHaveProperty('nope');
  });
});

describe('tickets create input', () => {
  type Create = CreateInput<App, 'tickets'>;

  test('subject and description are required; fields with a default or optional may be left out', () => {
    expectTypeOf<Create>().toEqualTypeOf<{
      subject: string;
      description: string;
      priority?: 'low' | 'normal' | 'high' | 'urgent';
      category?: 'billing' | 'technical' | 'account' | 'other';
      assignee?: string | null;
      team?: string | null;
      tags?: string[];
      satisfaction?: number | null;
    }>();
    expectTypeOf<{ subject: string; description: string }>().toExtend<Create>();
    expectTypeOf<{ subject: string }>().not.toExtend<Create>();
  });

  test('the state field, read-only and computed fields are not inputs', () => {
    expectTypeOf<Create>().not.toHaveProperty('status');
    expectTypeOf<Create>().not.toHaveProperty('requester');
    expectTypeOf<Create>().not.toHaveProperty('dueAt');
    expectTypeOf<Create>().not.toHaveProperty('resolvedAt');
    expectTypeOf<Create>().not.toHaveProperty('resolution');
    expectTypeOf<Create>().not.toHaveProperty('id');
    expectTypeOf<Create>().not.toHaveProperty('version');
  });

  test('a value outside an enum is refused', () => {
    const ok: Create = { subject: 'Printer on fire', description: 'It is.', priority: 'urgent' };
    // @ts-expect-error 'critical' is not a priority
    const bad: Create = { subject: 'Printer on fire', description: 'It is.', priority: 'critical' };
    expectTypeOf(ok).toEqualTypeOf(bad);
  });
});

describe('update inputs', () => {
  test('tickets: every writable field, each optional; never status or server-set fields', () => {
    expectTypeOf<UpdateInput<App, 'tickets'>>().toEqualTypeOf<{
      subject?: string;
      description?: string;
      priority?: 'low' | 'normal' | 'high' | 'urgent';
      category?: 'billing' | 'technical' | 'account' | 'other';
      assignee?: string | null;
      team?: string | null;
      tags?: string[];
      satisfaction?: number | null;
    }>();
  });

  test('comments: immutable fields are set on create and never updated', () => {
    expectTypeOf<CreateInput<App, 'comments'>>().toEqualTypeOf<{
      ticket: string;
      body: string;
      internal?: boolean;
    }>();
    expectTypeOf<UpdateInput<App, 'comments'>>().toEqualTypeOf<{ body?: string }>();
  });
});

describe('users (built in, extended by the app)', () => {
  type User = RecordOf<App, 'users'>;

  test('role is the union of the app roles; the declared team is a nullable ref', () => {
    expectTypeOf<User['role']>().toEqualTypeOf<'customer' | 'agent' | 'admin'>();
    expectTypeOf<User['team']>().toEqualTypeOf<string | null>();
  });

  test('the built-in fields come with it', () => {
    expectTypeOf<User>().toEqualTypeOf<{
      id: string;
      createdAt: string;
      updatedAt: string;
      version: number;
      email: string;
      name: string;
      role: 'customer' | 'agent' | 'admin';
      disabled: boolean;
      emailVerified: boolean;
      team: string | null;
    }>();
  });

  test('email is immutable', () => {
    expectTypeOf<UpdateInput<App, 'users'>>().not.toHaveProperty('email');
    expectTypeOf<UpdateInput<App, 'users'>>().toHaveProperty('name');
  });
});

describe('other entities', () => {
  test('teams and articles', () => {
    expectTypeOf<RecordOf<App, 'teams'>>().toMatchObjectType<{ name: string; description: string | null }>();
    expectTypeOf<RecordOf<App, 'articles'>>().toMatchObjectType<{
      title: string;
      body: string;
      published: boolean;
      author: string;
    }>();
    expectTypeOf<CreateInput<App, 'articles'>>().toEqualTypeOf<{
      title: string;
      body: string;
      published?: boolean;
    }>();
  });
});
