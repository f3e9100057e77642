/**
 * A small app for what the helpdesk cannot show: folders read by their `owner`, a ref an
 * admin reassigns (a record that changes hands), a role that reads nothing (a role taken
 * away), an intern's two writes a minute, a file field that accepts any type, and a JSON body limit far below a file's.
 */
import { callerIs, defineApp, entity, f } from '@ninefold/spec';

/** The app's JSON body limit: a file field's own limit is far above it. */
export const VAULT_BODY_BYTES = 16 * 1024;

const folders = entity({
  fields: {
    title: f.text({ min: 1, max: 80 }),
    owner: f.ref('users', { label: 'Owner' }),
    // `optional` only because a single file field's column is NOT NULL otherwise (reported).
    scan: f.file({
      optional: true,
      accept: ['image/*'],
      maxBytes: 1_000_000,
      variants: { thumb: { width: 16, height: 16, fit: 'cover' } },
    }),
    // Any type at all: what it is decided from the content, and served so it cannot run.
    anything: f.file({
      optional: true,
      maxBytes: 256 * 1024,
      variants: { thumb: { width: 16, height: 16 } },
    }),
    pages: f.files({ max: 2, maxBytes: 64 * 1024 }),
  },
  access: {
    read: { member: callerIs('owner') },
    update: { member: { where: callerIs('owner'), fields: ['title', 'scan', 'anything', 'pages'] } },
  },
});

export const vault = defineApp({
  about: { name: 'Vault', summary: 'Folders an admin hands from one member to another.', audience: 'Tests.' },
  roles: { member: {}, guest: {}, intern: {}, boss: { admin: true } },
  entities: { folders },
  limits: {
    bodyBytes: VAULT_BODY_BYTES,
    // An upload counts as a write, refused or not: two a minute for an intern.
    rates: { internWrites: { scope: 'write', roles: ['intern'], max: 2, window: '1m' } },
  },
});
