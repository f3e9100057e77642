/**
 * A small app for the file core's tests of what the helpdesk cannot show: folders read by
 * their `owner`, which an admin reassigns (a record that changes hands); a role that reads
 * nothing (a role taken away); storage quotas of 100 bytes, one per member and one shared by
 * every intern.
 */
import { callerIs, defineApp, entity, f } from '@ninefold/spec';

const folders = entity({
  fields: {
    title: f.text({ min: 1, max: 80 }),
    owner: f.ref('users', { label: 'Owner' }),
    // `optional` while a single file field's column is NOT NULL (schema-plan.ts; told the lead).
    scan: f.file({ accept: ['image/*'], maxBytes: 1000, optional: true }),
    pages: f.files({ max: 3 }),
  },
  access: {
    read: { member: callerIs('owner'), intern: callerIs('owner') },
    update: {
      member: { where: callerIs('owner'), fields: ['title', 'scan', 'pages'] },
      intern: { where: callerIs('owner'), fields: ['scan', 'pages'] },
    },
  },
});

export const coreVault = defineApp({
  about: {
    name: 'Core vault',
    summary: 'Folders an admin hands from one member to another.',
    audience: 'Tests.',
  },
  roles: { member: {}, guest: {}, intern: {}, boss: { admin: true } },
  entities: { folders },
  limits: {
    storage: {
      memberBytes: { roles: ['member'], bytes: 100 },
      internPool: { roles: ['intern'], per: 'role', bytes: 100, entity: 'folders', error: 'POOL_FULL' },
    },
  },
  errors: {
    POOL_FULL: {
      status: 409,
      message: 'The interns have used their {max} bytes.',
      params: { max: 'number' },
    },
  },
});
