/**
 * The account flows in the OpenAPI document: password reset, email verification, change of
 * password or email, sign-out everywhere, invitations, API keys and the mail log.
 */
import type { RouteId } from '../contract/route-table';
import type { JsonSchema } from './json-schema';
import { jsonContent } from './openapi-names';
import { jsonBody, type OpenApiContext, type OperationInput, operation } from './openapi-operation';
import { SET_COOKIE } from './openapi-platform';

type Spec = Omit<OperationInput, 'operationId'>;
type Responses = OperationInput['responses'];

const SIGNED_IN = (description: string): Responses => ({
  '200': { description, headers: SET_COOKIE, content: jsonContent('Session') },
});
const none = (status: '202' | '204', description: string): Responses => ({ [status]: { description } });
const ok = (status: '200' | '201', description: string, schema: string): Responses => ({
  [status]: { description, content: jsonContent(schema) },
});

const USER_ID_QUERY: JsonSchema = {
  name: 'userId',
  in: 'query',
  required: false,
  description: "A service account's keys (admins only); default the caller's own.",
  schema: { type: 'string', format: 'uuid' },
};

const ACCOUNT_ROUTES = {
  authPasswordReset: {
    description:
      'Answers the same, in the same time, whether or not an account has the address; the link in the mail expires and works once.',
    tags: ['auth'],
    requestBody: jsonBody('PasswordResetRequest'),
    responses: none('202', 'Accepted: if the address has an account, a link is on its way.'),
  },
  authPasswordResetConfirm: {
    description: 'Sets the new password, ends every other session of the account, and signs in.',
    tags: ['auth'],
    requestBody: jsonBody('PasswordResetConfirm'),
    responses: SIGNED_IN('Password changed; signed in.'),
  },
  authVerifyEmail: {
    description:
      'Confirms the address the link was sent to (after a change of email, the new one takes effect).',
    tags: ['auth'],
    requestBody: jsonBody('VerifyEmail'),
    responses: ok('200', 'The address, now confirmed.', 'VerifyEmailAnswer'),
  },
  authVerifyEmailResend: {
    description: 'A new link to the address of the caller; nothing is sent for one already confirmed.',
    tags: ['auth'],
    anonymous: false,
    responses: none('202', 'Accepted.'),
  },
  authChangePassword: {
    description: 'Needs the current password; ends every other session of the account. Not with an API key.',
    tags: ['auth'],
    anonymous: false,
    requestBody: jsonBody('ChangePassword'),
    responses: none('204', 'Changed.'),
  },
  authChangeEmail: {
    description:
      'Needs the current password; sends a link to the new address, and the email changes when it is followed. Not with an API key.',
    tags: ['auth'],
    anonymous: false,
    requestBody: jsonBody('ChangeEmail'),
    responses: none('202', 'Accepted: a link is on its way to the new address.'),
  },
  authLogoutEverywhere: {
    description: "Ends every session of the caller's account, this one included. Not with an API key.",
    tags: ['auth'],
    anonymous: false,
    responses: { '204': { description: 'Signed out everywhere.', headers: SET_COOKIE } },
  },
  listInvitations: {
    description: 'Invitations not yet accepted, into the roles the caller may invite into.',
    tags: ['invitations'],
    anonymous: false,
    responses: ok('200', 'The invitations.', 'Invitations'),
  },
  createInvitation: {
    description:
      "Admins, or a role the invited role's `invitedBy` names. Makes the account (no password yet) and mails a link; for an address already invited, a new link (the old one stops working).",
    tags: ['invitations'],
    anonymous: false,
    requestBody: jsonBody('InvitationCreate'),
    responses: ok('201', 'Invited.', 'Invitation'),
  },
  acceptInvitation: {
    description: 'Sets the password (and the name, if given), confirms the address, and signs in.',
    tags: ['invitations'],
    requestBody: jsonBody('InvitationAccept'),
    responses: SIGNED_IN('Accepted; signed in.'),
  },
  deleteInvitation: {
    description: 'The link stops working, and the account it made, never signed in, goes too.',
    tags: ['invitations'],
    anonymous: false,
    responses: none('204', 'Revoked.'),
  },
  listApiKeys: {
    description:
      "The caller's keys (an admin names a service account with `userId`); never the keys themselves.",
    tags: ['apiKeys'],
    anonymous: false,
    parameters: [USER_ID_QUERY],
    responses: ok('200', 'The keys.', 'ApiKeys'),
  },
  createApiKey: {
    description:
      'The key is in this answer only: it is stored hashed. Refused to a request made with an API key, and to a role whose spec allows none.',
    tags: ['apiKeys'],
    anonymous: false,
    requestBody: jsonBody('ApiKeyCreate'),
    responses: ok('201', 'The key, shown once.', 'ApiKeyCreated'),
  },
  deleteApiKey: {
    description: 'Refused at once on every process. Your own keys; an admin, any.',
    tags: ['apiKeys'],
    anonymous: false,
    responses: none('204', 'Revoked.'),
  },
  listMail: {
    description:
      'The mail the app has queued and sent, newest first; admins only. Bodies only from the development outbox: links in mail are secrets.',
    tags: ['mail'],
    anonymous: false,
    responses: ok('200', 'The mail.', 'MailEntries'),
  },
} as const satisfies Partial<Record<RouteId, Spec>>;

/**
 * The ids of the account routes.
 * @example const id: AccountRouteId = 'createApiKey';
 */
export type AccountRouteId = keyof typeof ACCOUNT_ROUTES;

/**
 * The operations of the account routes, by route id; each operation id is its route id.
 * @example accountOperations(ctx).createApiKey.requestBody
 */
export function accountOperations(ctx: OpenApiContext): Record<AccountRouteId, JsonSchema> {
  const out = {} as Record<AccountRouteId, JsonSchema>;
  for (const [id, spec] of Object.entries(ACCOUNT_ROUTES) as [AccountRouteId, Spec][]) {
    out[id] = operation(ctx, id, { operationId: id, ...spec });
  }
  return out;
}
