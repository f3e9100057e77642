/**
 * The request bodies of the account flows (password reset, invitations, verification,
 * change of password or email, API keys) as component schemas. The roles an invitation or a
 * key may name are the app's, so these are derived per app.
 */
import { invitableRoles, keyRoles } from '../app/account-roles';
import type { App } from '../app/define-app';
import type { JsonSchema } from './json-schema';
import { EMAIL_SCHEMA, NAME_SCHEMA, NEW_PASSWORD_SCHEMA } from './openapi-platform';

const TOKEN: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 1024,
  description: 'The `token` of the link in the mail.',
};
const CURRENT_PASSWORD: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 1024,
  writeOnly: true,
  description: 'The password in use now.',
};

const input = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const roleEnum = (roles: readonly string[], description: string): JsonSchema =>
  roles.length > 0 ? { type: 'string', enum: [...roles], description } : { type: 'string', description };

/**
 * The roles an API key may act as: those of owners allowed keys, and the narrower roles
 * their `apiKeys.roles` name.
 * @example apiKeyRoles(helpdesk) // ['customer', 'agent', 'admin']
 */
export function apiKeyRoles(app: App): string[] {
  const roles = new Set(Object.keys(app.roles).flatMap((name) => keyRoles(app.roles, name)));
  return Object.keys(app.roles).filter((name) => roles.has(name));
}

/**
 * The account flows' request bodies, by component name.
 * @example accountSchemas(app).InvitationCreate.properties.role.enum // ['customer', 'agent', 'admin']
 */
export function accountSchemas(app: App): Record<string, JsonSchema> {
  return {
    PasswordResetRequest: input({ email: EMAIL_SCHEMA }),
    PasswordResetConfirm: input({ token: TOKEN, password: NEW_PASSWORD_SCHEMA }),
    InvitationCreate: input(
      {
        email: EMAIL_SCHEMA,
        role: roleEnum(invitableRoles(app.roles), 'The role the invited account gets.'),
        name: { ...NAME_SCHEMA, description: "Default: the email's local part." },
      },
      ['email', 'role'],
    ),
    InvitationAccept: input({ token: TOKEN, password: NEW_PASSWORD_SCHEMA, name: NAME_SCHEMA }, [
      'token',
      'password',
    ]),
    VerifyEmail: input({ token: TOKEN }),
    ChangePassword: input({ currentPassword: CURRENT_PASSWORD, password: NEW_PASSWORD_SCHEMA }),
    ChangeEmail: input({
      email: { ...EMAIL_SCHEMA, description: 'The new address; it takes effect once its link is followed.' },
      currentPassword: CURRENT_PASSWORD,
    }),
    ApiKeyCreate: input(
      {
        name: { type: 'string', minLength: 1, maxLength: 100, description: 'What the key is for.' },
        expiresAt: {
          type: 'string',
          format: 'date-time',
          description: 'When the key stops working; never when left out.',
        },
        role: roleEnum(
          apiKeyRoles(app),
          "The role the key acts as: the owner's (the default) or one the owner's role allows for keys.",
        ),
        userId: {
          type: 'string',
          format: 'uuid',
          description: 'A service account to make the key for (admins only); default the caller.',
        },
      },
      ['name'],
    ),
  };
}
