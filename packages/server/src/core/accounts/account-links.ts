/**
 * Issues the links of the account flows' mail when the worker sends it (see
 * mail/link-resolver.ts).
 */
import type { App } from '@ninefold/spec';
import type { LinkResolver } from '../../mail/link-resolver';

/**
 * @example new Mailer({ ..., resolve: accountLinks(app) })
 */
export function accountLinks(_app: App): LinkResolver {
  return async (_tx, mail) => ({ to: mail.to, params: mail.params });
}
