/**
 * A small app for the list tests: notes searched over three fields, one of which a guest may
 * not read; guests read only the blue team's notes and only their own account; labels have a
 * text title and no search fields, pins a title that is no text field.
 */
import { caller, callerIs, defineApp, entity, eq, f, users } from '@ninefold/spec';

const GUEST_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'subject',
  'body',
  'author',
  'team',
  'label',
];

export const searchApp = defineApp({
  about: { name: 'Notes', summary: 'Searchable notes.', audience: 'Tests.' },
  roles: { member: {}, guest: {}, admin: { admin: true } },
  entities: {
    users: users({ fields: {}, access: { read: { member: true, guest: callerIs('id') } } }),
    labels: entity({
      title: 'name',
      fields: { name: f.text({ min: 1, max: 40 }) },
      access: { read: { member: true, guest: true }, create: { member: true } },
    }),
    notes: entity({
      title: 'subject',
      fields: {
        subject: f.text({ min: 1, max: 120 }),
        body: f.longText({ max: 5000, optional: true }),
        secret: f.text({ max: 200, optional: true }),
        author: f.ref('users', { default: caller('id'), readOnly: true }),
        label: f.ref('labels', { optional: true }),
        team: f.enum(['red', 'blue'], { default: 'red' }),
      },
      access: {
        read: { member: true, guest: { where: eq('team', 'blue'), fields: GUEST_FIELDS } },
        create: { member: true },
        update: { member: true },
        delete: { member: true },
      },
      search: ['subject', 'body', 'secret'],
    }),
    pins: entity({
      title: 'rank',
      fields: { rank: f.integer({ min: 0 }) },
      access: { read: { member: true }, create: { member: true } },
    }),
  },
});
