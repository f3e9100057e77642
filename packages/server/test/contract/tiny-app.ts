/**
 * A tiny app for the codes the helpdesk cannot provoke: a quota declared without its own
 * error (so it answers the built-in LIMIT_EXCEEDED), an action whose handler throws a
 * plain Error full of internals (so it answers INTERNAL, and must say nothing of them), and
 * a role that verifies email (so an unconfirmed account's write answers EMAIL_NOT_VERIFIED).
 */
import { action, caller, callerIs, defineApp, entity, f } from '@ninefold/spec';

/** What the failing handler throws: none of it may reach a client. */
export const SECRET_FAILURE = 'boom /secret/path select * from x';

/** The quota on notes per member. */
export const NOTES_MAX = 2;

const notes = entity({
  fields: {
    owner: f.ref('users', { default: caller('id'), readOnly: true }),
    text: f.text({ min: 1, max: 100 }),
  },
  access: {
    read: { member: callerIs('owner'), visitor: callerIs('owner') },
    create: { member: true, visitor: true },
  },
});

const explode = action({
  who: { member: true },
  input: {},
  output: {},
  handler: async () => {
    throw new Error(SECRET_FAILURE);
  },
});

/**
 * @example const nf = await createNinefold(tinyApp, { database: ':memory:' });
 */
export const tinyApp = defineApp({
  about: { name: 'Tiny', summary: 'Notes with a quota.', audience: 'Members.' },
  roles: { member: { signUp: true }, visitor: { verifyEmail: true } },
  entities: { notes },
  actions: { explode },
  limits: {
    quotas: { notesPerMember: { entity: 'notes', owner: 'owner', max: NOTES_MAX } },
  },
});
