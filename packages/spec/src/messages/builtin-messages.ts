/**
 * The mail the platform sends for its account flows and its notifications, each a message of
 * the catalogue that an app may reword by declaring the same name in `messages`. Every one
 * carries the `{link}` it is sent for; the server fills the params below.
 */
import type { ParamKinds } from '../errors/message-template';

/** The params the server gives every built-in message. */
const COMMON = { app: 'string', name: 'string', link: 'string' } as const;

/**
 * @example BUILTIN_MESSAGES.passwordReset.params.minutes // 'number'
 */
export const BUILTIN_MESSAGES = {
  invitation: {
    subject: 'You are invited to {app}',
    text: 'Hello {name},\n\n{inviter} invited you to {app} as {role}. Choose your password here:\n\n{link}\n\nThe link works once, within {hours} hours.',
    params: { ...COMMON, inviter: 'string', role: 'string', hours: 'number' },
    description: 'Sent to an invited address; the link sets the password and signs in.',
  },
  passwordReset: {
    subject: 'Reset your {app} password',
    text: 'Hello {name},\n\nSomeone asked to reset the password of your {app} account. If it was you, choose a new one here:\n\n{link}\n\nThe link works once, within {minutes} minutes. If it was not you, ignore this message: your password stays as it is.',
    params: { ...COMMON, minutes: 'number' },
    description: 'Sent when a password reset is asked for an address that has an account.',
  },
  verifyEmail: {
    subject: 'Confirm your email address for {app}',
    text: 'Hello {name},\n\nConfirm that this address is yours:\n\n{link}\n\nThe link works once, within {hours} hours.',
    params: { ...COMMON, hours: 'number' },
    description: 'Sent after sign-up (for roles that verify email) and when asked again.',
  },
  emailChange: {
    subject: 'Confirm your new email address for {app}',
    text: 'Hello {name},\n\nYou asked to use {email} for your {app} account. Confirm it here:\n\n{link}\n\nUntil you do, your account keeps its old address. The link works once, within {hours} hours.',
    params: { ...COMMON, email: 'string', hours: 'number' },
    description: 'Sent to the new address when someone changes their email.',
  },
  notification: {
    subject: '{title}',
    text: 'Hello {name},\n\n{title}\n\n{body}\n\nSee it in {app}:\n\n{link}\n\nYou can choose which notifications reach you by email in your account settings.',
    params: { ...COMMON, title: 'string', body: 'string' },
    description:
      'Sent for a notification of the spec to each person it names whose email channel is on; the link opens its record.',
  },
} as const satisfies Record<
  string,
  { subject: string; text: string; params: ParamKinds; description: string; html?: string }
>;

/** The name of a built-in message. */
export type BuiltinMessageName = keyof typeof BUILTIN_MESSAGES;

/**
 * How long the links of the account flows live, as constants an app may override by
 * declaring the same name.
 * @example ACCOUNT_CONSTANTS.PASSWORD_RESET_TTL_MINUTES.value // 60
 */
export const ACCOUNT_CONSTANTS = {
  INVITATION_TTL_HOURS: { value: 72, description: 'How long an invitation link works.' },
  PASSWORD_RESET_TTL_MINUTES: { value: 60, description: 'How long a password reset link works.' },
  EMAIL_VERIFICATION_TTL_HOURS: {
    value: 48,
    description: 'How long an email verification (or email change) link works.',
  },
  FILE_LINK_TTL_MINUTES: {
    value: 60,
    description: "How long a file's download link works (it is judged again at each download).",
  },
} as const;
