/**
 * {{appTitle}}: the whole product spec, in nine points (see the Ninefold guide). `ninefold dev`
 * serves it with hot reload while you change it; `ninefold check` tells what is wrong with it.
 */
import { caller, callerIs, defineApp, entity, f } from '@ninefold/spec';

// 3. Entities and fields — 5. validation — 6. who may do what, per entity.
const notes = entity({
  label: 'Notes',
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 120, label: 'Title' }),
    body: f.longText({ max: 5000, optional: true, label: 'Body' }),
    owner: f.ref('users', { default: caller('id'), readOnly: true, label: 'Owner' }),
  },
  access: {
    // Members see and change their own notes; admins may do anything `access` does not name them in.
    read: { member: callerIs('owner') },
    create: { member: true },
    update: { member: callerIs('owner') },
    delete: { member: callerIs('owner') },
  },
});

export default defineApp({
  // 1. What the product does, and for whom.
  about: {
    name: '{{appTitle}}',
    summary: 'A new Ninefold app.',
    audience: { member: 'Members keep their own notes.', admin: 'Admins run the app.' },
  },
  // 6. Roles.
  roles: {
    member: { label: 'Member', signUp: true },
    admin: { label: 'Admin', admin: true },
  },
  entities: { notes },
  // 2. Screens and routes.
  screens: {
    login: { route: '/login', kind: 'login', title: 'Sign in', roles: ['anonymous'] },
    signup: { route: '/signup', kind: 'signup', title: 'Sign up', roles: ['anonymous'] },
    home: {
      route: '/',
      kind: 'dashboard',
      title: 'Home',
      widgets: [{ kind: 'count', title: 'Notes', entity: 'notes' }],
    },
    notes: {
      route: '/notes',
      kind: 'list',
      title: 'Notes',
      entity: 'notes',
      columns: ['title', 'updatedAt'],
    },
    newNote: { route: '/notes/new', kind: 'form', title: 'New note', entity: 'notes' },
    note: { route: '/notes/:id', kind: 'detail', title: 'Note', entity: 'notes' },
  },
});
