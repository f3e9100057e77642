/**
 * Limits: page and body sizes that make sense, quotas on declared entities counted through
 * a reference to the owner or to any record (`per`), and rate limits whose window parses and that the server enforces
 * as written (a scope it counts, keyed as it keys it, one sign-in and one sign-up limit).
 */
import { type QuotaInput, RATE_KEYING } from '../app/limits';
import { isExpr } from '../rules/expr';
import { fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkErrorRef } from './check-errors';
import { checkRoleRef } from './check-roles';
import { checkExpr, checkRule } from './check-rule';
import { article, which } from './describe-names';
import { recordScope } from './walk-rule';

/**
 * Checks `limits`.
 * @example checkLimits(ctx) // reports "'tikets' is not an entity of the app …" for a quota
 */
export function checkLimits(ctx: CheckContext): void {
  const { pageSize, bodyBytes, quotas, rates } = ctx.app.limits;
  if (!(Number.isInteger(pageSize.default) && pageSize.default >= 1)) {
    ctx.report(
      'limits.pageSize.default',
      `the default page size ${pageSize.default} is not a whole number of at least 1`,
    );
  } else if (pageSize.default > pageSize.max) {
    ctx.report(
      'limits.pageSize.default',
      `the default page size ${pageSize.default} is above the max ${pageSize.max}`,
    );
  }
  if (!(Number.isInteger(pageSize.max) && pageSize.max >= 1)) {
    ctx.report(
      'limits.pageSize.max',
      `the max page size ${pageSize.max} is not a whole number of at least 1`,
    );
  }
  if (!(bodyBytes > 0)) {
    ctx.report('limits.bodyBytes', `the body size limit ${bodyBytes} is not a positive number of bytes`);
  }
  for (const [name, quota] of Object.entries(quotas)) checkQuota(ctx, name, quota, `limits.quotas.${name}`);
  const firstOf = new Map<string, string>();
  for (const [name, rate] of Object.entries(rates)) {
    const path = `limits.rates.${name}`;
    checkRateKeying(ctx, name, rate, path);
    if (rate.scope === 'login' || rate.scope === 'signup') {
      const first = firstOf.get(rate.scope);
      if (first)
        ctx.report(
          `${path}.scope`,
          `rate limit '${name}' is a second '${rate.scope}' limit; the server enforces only one ('${first}')`,
        );
      else firstOf.set(rate.scope, name);
    }
    for (const [i, role] of (rate.roles ?? []).entries()) checkRoleRef(ctx, role, `${path}.roles[${i}]`);
    if (!(rate.windowSeconds > 0)) {
      ctx.report(`${path}.window`, `the window '${rate.window}' is not a duration such as 30s, 1m or 1h`);
    }
    if (!(Number.isInteger(rate.max) && rate.max >= 1)) {
      ctx.report(
        `${path}.max`,
        `rate limit '${name}' allows ${rate.max} requests, which is not a whole number of at least 1`,
      );
    }
  }
}

function checkRateKeying(
  ctx: CheckContext,
  name: string,
  rate: { readonly scope: string; readonly per?: readonly string[] },
  path: string,
): void {
  const keying = Object.hasOwn(RATE_KEYING, rate.scope)
    ? RATE_KEYING[rate.scope as keyof typeof RATE_KEYING]
    : undefined;
  if (!keying) {
    ctx.report(
      `${path}.scope`,
      `rate limit '${name}' counts '${rate.scope}' requests, which the server does not limit; use one of ${Object.keys(RATE_KEYING).join(', ')}`,
    );
    return;
  }
  const per = rate.per ?? keying.per;
  const same = per.length === keying.per.length && keying.per.every((k) => per.includes(k));
  if (!same) {
    ctx.report(
      `${path}.per`,
      `rate limit '${name}' keeps a count per ${per.join(' and ')}, but the server counts '${rate.scope}' requests per ${keying.per.join(' and ')}; leave out 'per' or give [${keying.per.map((k) => `'${k}'`).join(', ')}]`,
    );
  }
}

function checkQuota(ctx: CheckContext, name: string, quota: QuotaInput, path: string): void {
  const { app } = ctx;
  const entity = app.entities[quota.entity];
  if (!entity) {
    ctx.report(
      `${path}.entity`,
      `quota '${name}' counts ${which(quota.entity, 'an entity of the app', Object.keys(app.entities), 'entities')}`,
    );
  } else {
    checkQuotaKey(ctx, name, quota, path);
    if (quota.where) checkRule(ctx, quota.where, recordScope(quota.entity), `${path}.where`);
  }
  for (const [i, role] of (quota.roles ?? []).entries()) checkRoleRef(ctx, role, `${path}.roles[${i}]`);
  checkQuotaMax(ctx, name, quota, `${path}.max`);
  // The server fills in {max} (the quota's max) and {limit} (its name) when a quota is reached.
  const at = `${path}.error`;
  checkErrorRef(ctx, quota.error ?? 'LIMIT_EXCEEDED', at, {
    max: { path: at, type: { kind: 'number', what: "the quota's max, which the server fills in," } },
    limit: { path: at, type: { kind: 'string', what: "the quota's name, which the server fills in," } },
  });
}

// A count is kept per owner (a reference to users: the caller's own records) or per any
// referenced record (`per`): exactly one of the two.
function checkQuotaKey(ctx: CheckContext, name: string, quota: QuotaInput, path: string): void {
  const entity = ctx.app.entities[quota.entity];
  if (!entity) return;
  if ((quota.owner === undefined) === (quota.per === undefined)) {
    ctx.report(
      path,
      `quota '${name}' must name either 'owner' (a reference to users) or 'per' (any reference field of ${quota.entity}), not ${quota.owner === undefined ? 'neither' : 'both'}`,
    );
    return;
  }
  if (quota.owner !== undefined) {
    const owner = fieldOf(entity, quota.owner);
    if (owner?.type !== 'ref' || owner.entity !== 'users') {
      ctx.report(
        `${path}.owner`,
        `quota '${name}' counts per '${quota.owner}', which is not a reference to users in ${quota.entity}`,
      );
    }
    return;
  }
  const per = quota.per ?? '';
  const field = fieldOf(entity, per);
  if (!field) {
    const refs = Object.entries(entity.fields).filter(([, f]) => f.type === 'ref');
    ctx.report(
      `${path}.per`,
      `quota '${name}' counts per ${which(
        per,
        `a reference field of ${quota.entity}`,
        refs.map(([n]) => n),
        'reference fields',
      )}`,
    );
  } else if (field.type !== 'ref') {
    ctx.report(
      `${path}.per`,
      `quota '${name}' counts per '${per}', which is ${article(field.type)} field, not a reference`,
    );
  }
}

function checkQuotaMax(ctx: CheckContext, name: string, quota: QuotaInput, path: string): void {
  if (!isExpr(quota.max)) {
    if (!(Number.isInteger(quota.max) && quota.max >= 0)) {
      ctx.report(
        path,
        `quota '${name}' has a max of ${quota.max}, which is not a whole number of at least 0`,
      );
    }
    return;
  }
  checkExpr(ctx, quota.max, { kind: 'none', what: `quota '${name}'` }, path);
  if (quota.max.kind !== 'const') {
    ctx.report(
      path,
      `quota '${name}' takes its max from a ${quota.max.kind} expression; give a number or a constant`,
    );
    return;
  }
  const value = ctx.app.constants[quota.max.name]?.value;
  if (value !== undefined && typeof value !== 'number') {
    ctx.report(
      path,
      `quota '${name}' takes its max from constant '${quota.max.name}', which is not a number`,
    );
  }
}
