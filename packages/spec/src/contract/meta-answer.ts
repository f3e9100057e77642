/**
 * What `GET /api/meta` answers: the client-facing form of the spec, and the rules of the
 * platform's own forms (the password lengths sign-up takes), which are the platform's, not
 * the spec's.
 */
import type { App } from '../app/define-app';
import { type ClientMeta, clientMeta } from '../derive/client-meta';
import { PASSWORD_POLICY } from './password-policy';

/**
 * The body of `/api/meta`.
 * @example const meta: MetaAnswer = await client.meta(); meta.auth.password.min // 8
 */
export type MetaAnswer = Plain<
  ClientMeta & { readonly auth: { readonly password: { readonly min: number; readonly max: number } } }
>;

// An object type rather than an interface: a plain JSON record (`Record<string, unknown>`)
// takes it, as caches of untyped JSON do.
type Plain<T> = { readonly [K in keyof T]: T[K] };

/**
 * The body of `/api/meta` for an app.
 * @example JSON.stringify(metaAnswer(app))
 */
export function metaAnswer(app: App): MetaAnswer {
  return { ...clientMeta(app), auth: { password: { ...PASSWORD_POLICY } } };
}
