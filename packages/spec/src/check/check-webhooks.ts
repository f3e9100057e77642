/**
 * Outgoing webhooks: at least one event, each a write the server announces (a timer is no
 * write another system is told of), sent as a role the app declares that may read the
 * entity at all, and a name whose configuration variables no other webhook shares.
 *
 * `anonymous` is a fine role: the payload then holds only what anyone may read, which is
 * the safest choice for a public feed; the server judges it like any other role.
 */

import { type PermissionMatrix, permissionMatrix } from '../derive/permission-matrix';
import { roleNames } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkAutomationName, checkEvent } from './check-events';
import { checkRoleRef } from './check-roles';

/**
 * Checks every outgoing webhook of the app.
 * @example checkWebhooks(ctx) // reports "webhook 'ticketEvents' sends what role 'agnt' may read: 'agnt' is not a role …"
 */
export function checkWebhooks(ctx: CheckContext): void {
  const webhooks = Object.entries(ctx.app.webhooks);
  if (webhooks.length === 0) return;
  const matrix = permissionMatrix(ctx.app);
  const byUrl = new Map<string, string>();
  for (const [name, w] of webhooks) {
    const path = `webhooks.${name}`;
    const who = `webhook '${name}'`;
    checkAutomationName(ctx, 'webhook', name, path);
    const other = byUrl.get(w.env.url);
    if (other) {
      ctx.report(path, `${who} takes its target from ${w.env.url}, as webhook '${other}' does: rename one`);
    } else byUrl.set(w.env.url, name);
    checkRoleRef(ctx, w.role, `${path}.role`);
    if (w.on.length === 0) ctx.report(`${path}.on`, `${who} listens for no event: name at least one`);
    const entities = new Set<string>();
    for (const [i, event] of w.on.entries()) {
      const entity = checkEvent(ctx, event, `${path}.on[${i}]`, {
        who,
        noTimer: 'a webhook tells of writes (create, update, delete, transition); a timer is none',
      });
      if (entity) entities.add(entity);
    }
    if (roleNames(ctx.app).includes(w.role)) {
      for (const entity of entities) checkReadable(ctx, matrix, w.role, entity, `${path}.role`, who);
    }
  }
}

// A role that may read none of an entity's records makes every event of it a delivery
// of nothing: the server sends no record a role may not read.
function checkReadable(
  ctx: CheckContext,
  matrix: PermissionMatrix,
  role: string,
  entity: string,
  path: string,
  who: string,
): void {
  if (matrix.entities[role]?.[entity]?.read.allowed === 'never') {
    ctx.report(
      path,
      `${who} sends what role '${role}' may read, but ${role} may read no ${entity}, so no event of ${entity} is ever sent`,
    );
  }
}
