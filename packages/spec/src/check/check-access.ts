/**
 * Access grants: per operation and role, the records (a rule) and the fields they cover.
 */
import type { EntityNode } from '../app/entity';
import { fieldNames, whyNotWritable } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkRoleRef } from './check-roles';
import { checkRule } from './check-rule';
import { which } from './describe-names';
import { recordScope } from './walk-rule';

/**
 * Checks an entity's access: roles, grant rules and grant field lists.
 * @example checkAccess(ctx, 'tickets', app.entities.tickets!) // reports a grant of an unknown field
 */
export function checkAccess(ctx: CheckContext, name: string, entity: EntityNode): void {
  for (const [op, byRole] of Object.entries(entity.access)) {
    for (const [role, grants] of Object.entries(byRole)) {
      const path = `entities.${name}.access.${op}.${role}`;
      checkRoleRef(ctx, role, path);
      for (const [i, grant] of grants.entries()) {
        // A read grant may not aggregate: it would reveal children the reader may not see.
        checkRule(ctx, grant.where, recordScope(name), `${path}[${i}].where`, { readGrant: op === 'read' });
        for (const [j, field] of (grant.fields ?? []).entries()) {
          checkGrantedField(ctx, name, entity, op, field, `${path}[${i}].fields[${j}]`);
        }
      }
    }
  }
}

function checkGrantedField(
  ctx: CheckContext,
  name: string,
  entity: EntityNode,
  op: string,
  field: string,
  path: string,
): void {
  const names = fieldNames(entity);
  if (!names.includes(field)) {
    ctx.report(path, `the ${op} grant names ${which(field, `a field of ${name}`, names, 'fields')}`);
    return;
  }
  if (op === 'read' || op === 'delete') return;
  const why = whyNotWritable(entity, field);
  if (why) ctx.report(path, `the ${op} grant lets callers write '${field}', but it is ${why}`);
  else if (op === 'update' && entity.fields[field]?.immutable) {
    ctx.report(path, `the update grant lets callers change '${field}', but it is immutable`);
  }
}
