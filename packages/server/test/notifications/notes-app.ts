/**
 * A small app for the notification tests' read rules: notes a member writes for a watcher
 * and a squad. A member reads public notes (never their `secret`) and their own; a lead
 * reads every note whole; a guest reads none. One notification names the watcher and the
 * squad's members, with the secret in its title and body.
 */
import { caller, callerIs, defineApp, entity, eq, f, users } from '@ninefold/spec';

const NOTE_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'title',
  'owner',
  'watcher',
  'squad',
  'private',
] as const;

const squads = entity({
  title: 'name',
  fields: { name: f.text({ min: 1, max: 40 }) },
  access: { read: { member: true, lead: true } },
});

const people = users({
  fields: { squad: f.ref('squads', { optional: true }) },
  access: { read: { member: true, lead: true } },
});

const notes = entity({
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 80 }),
    secret: f.text({ max: 80, optional: true }),
    owner: f.ref('users', { default: caller('id'), readOnly: true }),
    watcher: f.ref('users', { optional: true }),
    squad: f.ref('squads', { optional: true }),
    private: f.boolean({ default: false }),
  },
  access: {
    read: {
      member: [{ where: callerIs('owner') }, { where: eq('private', false), fields: NOTE_FIELDS }],
      lead: true,
    },
    create: { member: true, lead: true },
  },
});

export default defineApp({
  about: { name: 'Notes', summary: 'Notes for a squad.', audience: 'The notification tests.' },
  roles: { member: { signUp: true }, lead: {}, guest: {}, admin: { admin: true } },
  entities: { users: people, squads, notes },
  notifications: {
    noteShared: {
      on: { entity: 'notes', op: 'create' },
      to: ['watcher', 'squad'],
      title: 'Note {title}: {secret}',
      body: '{owner.name} wrote {title} ({secret}) in {squad}',
      channels: { email: false },
    },
  },
});
