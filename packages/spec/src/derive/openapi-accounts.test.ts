import app from '@ninefold/example-helpdesk';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { invitableRoles } from '../app/account-roles';
import { defineApp } from '../app/define-app';
import { entity } from '../app/entity';
import { ROUTES } from '../contract/route-table';
import { f } from '../fields/field';
import { openApi } from './openapi';
import { apiKeyRoles } from './openapi-account-schemas';

// An expense-claims app: staff are invited, a lead may invite them, a bot is a service account.
const claimsApp = (lead: { apiKeys?: { roles: string[] } }) =>
  defineApp({
    about: { name: 'Claims', summary: 'Expense claims.', audience: 'Staff and finance.' },
    roles: {
      finance: { admin: true },
      lead,
      staff: { invitedBy: ['lead'], verifyEmail: true },
      reader: { apiKeys: false },
      bot: { service: true },
    },
    entities: { claims: entity({ fields: { amount: f.number() } }) },
  });
const claims = claimsApp({ apiKeys: { roles: ['reader'] } });

type Json = Record<string, any>;
const docOf = (a: Parameters<typeof openApi>[0]) => openApi(a) as unknown as Json;

// [route id, request body schema or null, the success status, its body schema or null]
const ROUTE_SHAPES: [keyof typeof ROUTES, string | null, string, string | null][] = [
  ['authPasswordReset', 'PasswordResetRequest', '202', null],
  ['authPasswordResetConfirm', 'PasswordResetConfirm', '200', 'Session'],
  ['authVerifyEmail', 'VerifyEmail', '200', 'VerifyEmailAnswer'],
  ['authVerifyEmailResend', null, '202', null],
  ['authChangePassword', 'ChangePassword', '204', null],
  ['authChangeEmail', 'ChangeEmail', '202', null],
  ['authLogoutEverywhere', null, '204', null],
  ['listInvitations', null, '200', 'Invitations'],
  ['createInvitation', 'InvitationCreate', '201', 'Invitation'],
  ['acceptInvitation', 'InvitationAccept', '200', 'Session'],
  ['deleteInvitation', null, '204', null],
  ['listApiKeys', null, '200', 'ApiKeys'],
  ['createApiKey', 'ApiKeyCreate', '201', 'ApiKeyCreated'],
  ['deleteApiKey', null, '204', null],
  ['listMail', null, '200', 'MailEntries'],
];

describe('the account routes in OpenAPI', () => {
  const doc = docOf(app);
  const ref = (content: Json | undefined) => content?.['application/json']?.schema?.$ref?.split('/').at(-1);

  it.each(ROUTE_SHAPES)('%s takes %s and answers %s %s', (id, body, status, answer) => {
    const route = ROUTES[id];
    const op = doc.paths[route.path]?.[route.method.toLowerCase()];
    expect(op).toMatchObject({ operationId: id, 'x-route': id });
    expect(ref(op.requestBody?.content) ?? null).toBe(body);
    expect(Object.keys(op.responses).filter((s) => s < '300')).toEqual([status]);
    expect(ref(op.responses[status].content) ?? null).toBe(answer);
    // Signed-out callers use the links in mail; everything else needs a session or a key.
    expect(op.security.length === 0).toBe(route.auth === 'public');
  });

  it('spells every schema it references', () => {
    for (const [, body, , answer] of ROUTE_SHAPES) {
      for (const name of [body, answer]) if (name) expect(doc.components.schemas).toHaveProperty(name);
    }
  });

  it('answers sign-ins of the links with the session cookie', () => {
    for (const path of ['/api/auth/password-reset/confirm', '/api/auth/invitations/accept'])
      expect(doc.paths[path].post.responses['200'].headers).toHaveProperty('Set-Cookie');
  });

  it('lists an admin a service account’s keys by userId, and names the id of what a DELETE revokes', () => {
    expect(doc.paths['/api/auth/api-keys'].get.parameters).toEqual([
      expect.objectContaining({ name: 'userId', in: 'query', required: false }),
    ]);
    expect(doc.paths['/api/auth/api-keys/{id}'].parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      description: 'The API key id.',
    });
    expect(doc.paths['/api/auth/invitations/{id}'].parameters[0].description).toBe('The invitation id.');
  });

  it('refuses unknown fields and keeps passwords write-only', () => {
    const s = doc.components.schemas;
    for (const name of ['PasswordResetConfirm', 'InvitationAccept', 'ChangePassword', 'ApiKeyCreate'])
      expect(s[name].additionalProperties).toBe(false);
    expect(s.ChangePassword.properties.password).toMatchObject({ minLength: 8, writeOnly: true });
    expect(s.ChangePassword.properties.currentPassword.writeOnly).toBe(true);
    expect(s.InvitationAccept.required).toEqual(['token', 'password']);
    expect(s.ApiKeyCreate.required).toEqual(['name']);
  });

  it('describes the key as shown once, with its recognisable prefix', () => {
    const key = doc.components.schemas.ApiKeyCreated.properties.key;
    expect(new RegExp(key.pattern).test(`nfk_${'A'.repeat(43)}`)).toBe(true);
    expect(new RegExp(key.pattern).test(`nfx_${'A'.repeat(43)}`)).toBe(false);
    expect(doc.components.schemas.ApiKey.properties).not.toHaveProperty('key');
  });

  it('counts the account flows in the rate scopes /api/rates reports', () => {
    expect(doc.components.schemas.RateUsage.properties.scope.enum).toEqual(
      expect.arrayContaining(['mail', 'account']),
    );
  });
});

describe('the roles an invitation or a key may name', () => {
  it('never invites into a service role', () => {
    expect(invitableRoles(claims.roles)).toEqual(['finance', 'lead', 'staff', 'reader']);
    expect(docOf(claims).components.schemas.InvitationCreate.properties.role.enum).toEqual(
      invitableRoles(claims.roles),
    );
  });

  it('lets keys act as roles allowed keys, and the narrower roles their apiKeys name', () => {
    // reader has no keys of its own, but a lead's key may act as one.
    expect(apiKeyRoles(claims)).toEqual(['finance', 'lead', 'staff', 'reader', 'bot']);
    expect(apiKeyRoles(claimsApp({}))).toEqual(['finance', 'lead', 'staff', 'bot']);
    expect(apiKeyRoles(app)).toEqual(['customer', 'agent', 'admin']);
  });

  it('is a valid OpenAPI 3.1 document with those roles too', async () => {
    const r = await new Validator().validate(openApi(claims));
    if (!r.valid) console.error(JSON.stringify(r.errors, null, 2));
    expect(r.valid).toBe(true);
  });
});
