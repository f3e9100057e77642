/**
 * The error catalogue: declared codes are well formed (typed params name placeholders of the
 * message), and every code the spec answers with exists and gets every `{param}` its message needs.
 */
import { templateParams } from '../errors/message-template';
import type { Fields } from '../fields/field';
import type { ExprNode } from '../rules/expr';
import type { CheckContext } from './check-context';
import { listNames, notA } from './describe-names';
import { kindWord, type StaticType, staticType } from './static-type';
import type { RuleScope } from './walk-rule';

const CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * Checks the declared error codes: their spelling and their HTTP status.
 * @example checkErrorCatalogue(ctx) // reports "status 200 of 'TOO_LATE' is not an error status …"
 */
export function checkErrorCatalogue(ctx: CheckContext): void {
  for (const error of Object.values(ctx.app.errors)) {
    if (error.builtin) continue;
    const path = `errors.${error.code}`;
    if (!CODE.test(error.code)) {
      ctx.report(path, `error code '${error.code}' is not in UPPER_SNAKE_CASE (like TICKET_CLOSED)`);
    }
    if (!Number.isInteger(error.status) || error.status < 400 || error.status > 599) {
      ctx.report(
        `${path}.status`,
        `status ${error.status} of '${error.code}' is not an error status (400–599)`,
      );
    }
    for (const [param, kind] of Object.entries(error.paramKinds)) {
      if (!error.params.includes(param)) {
        ctx.report(
          `${path}.params.${param}`,
          `'${error.code}' types {${param}}, but its message has no {${param}}`,
        );
      }
      if (kind !== 'number' && kind !== 'string') {
        ctx.report(
          `${path}.params.${param}`,
          `the type of {${param}} is 'number' or 'string', not '${kind}'`,
        );
      }
    }
  }
}

/** A value given for an error's `{param}`: where it is written, and its type where known. */
export interface SuppliedParam {
  readonly path: string;
  readonly type?: StaticType | undefined;
}

/**
 * Checks an error code the spec answers with. With `supplied`, also checks that every
 * `{param}` of its message is among them, and that each one's type fits the declared one.
 * @example checkErrorRef(ctx, 'REOPEN_WINDOW_EXPIRED', 'entities.tickets…error', { days: { path, type } })
 */
export function checkErrorRef(
  ctx: CheckContext,
  code: string,
  path: string,
  supplied?: { readonly [param: string]: SuppliedParam },
): void {
  const error = ctx.app.errors[code];
  if (!error) {
    // The app's own codes first: they are the likely meant ones.
    const codes = Object.values(ctx.app.errors)
      .sort((a, b) => Number(a.builtin) - Number(b.builtin))
      .map((e) => e.code);
    ctx.report(path, notA(code, 'a built-in or declared error code', codes, 'codes'));
    return;
  }
  if (!supplied) return;
  const provided = Object.keys(supplied);
  const missing = templateParams(error.message).filter((p) => !provided.includes(p));
  if (missing.length > 0) {
    const given = provided.length
      ? `only ${listNames(provided.map((p) => `{${p}}`))} ${provided.length === 1 ? 'is' : 'are'} given`
      : 'no params are given';
    ctx.report(
      path,
      `the message of '${code}' uses ${missing.map((p) => `{${p}}`).join(', ')}, but ${given} here`,
    );
  }
  for (const [param, { path: at, type }] of Object.entries(supplied)) {
    const declared = error.paramKinds[param];
    if (!declared || !type || type.kind === declared) continue;
    ctx.report(
      at,
      `{${param}} of '${code}' is declared ${declared === 'number' ? 'a number' : 'a string'}, but ${type.what} is ${kindWord(type.kind)}`,
    );
  }
}

/**
 * The params a precondition or a validation rule gives its error, typed where the spec tells.
 * @example checkErrorRef(ctx, p.error, `${at}.error`, exprParams(ctx, p.params, scope, `${at}.params`))
 */
export function exprParams(
  ctx: CheckContext,
  params: { readonly [param: string]: ExprNode },
  scope: RuleScope,
  path: string,
  inputs?: Fields,
): { [param: string]: SuppliedParam } {
  return Object.fromEntries(
    Object.entries(params).map(([param, expr]) => [
      param,
      { path: `${path}.${param}`, type: staticType(ctx, expr, scope, inputs) },
    ]),
  );
}
