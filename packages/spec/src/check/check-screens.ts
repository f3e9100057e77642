/**
 * Screens: one screen per route, routes that are paths, roles that exist, and the entity
 * and fields each kind of page shows.
 */
import type { EntityNode } from '../app/entity';
import type { ScreenInput, ScreenKind } from '../app/screens';
import { filterRefusal, sortRefusal } from '../derive/list-capabilities';
import { fieldNames, fieldOf, whyNotWritable } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkRoleRef } from './check-roles';
import { checkWidgets } from './check-widgets';
import { which } from './describe-names';

const ENTITY_KINDS: readonly ScreenKind[] = ['list', 'board', 'form', 'detail'];

/**
 * Checks every screen of the app.
 * @example checkScreens(ctx) // reports "route '/tickets' is also the route of screen 'tickets'"
 */
export function checkScreens(ctx: CheckContext): void {
  const byRoute = new Map<string, string>();
  for (const [name, screen] of Object.entries(ctx.app.screens)) {
    const path = `screens.${name}`;
    checkRoute(ctx, name, screen.route, byRoute, `${path}.route`);
    for (const [i, role] of (screen.roles ?? []).entries()) checkRoleRef(ctx, role, `${path}.roles[${i}]`);
    if (screen.kind === 'custom' && !screen.component) {
      ctx.report(`${path}.component`, `custom screen '${name}' names no component to render`);
    }
    if (screen.widgets) checkWidgets(ctx, screen.widgets, `${path}.widgets`);
    const entity = screenEntity(ctx, name, screen, path);
    if (entity && screen.entity) checkEntityPage(ctx, screen, screen.entity, entity, path);
  }
}

function checkRoute(
  ctx: CheckContext,
  name: string,
  route: string,
  byRoute: Map<string, string>,
  path: string,
): void {
  if (!route.startsWith('/')) {
    ctx.report(path, `route '${route}' of screen '${name}' does not start with '/'`);
  }
  // `/tickets/:id` and `/tickets/:ticketId/` match the same URLs.
  const key = route.replace(/:[^/]+/g, ':').replace(/(.)\/+$/, '$1');
  const other = byRoute.get(key);
  if (other) ctx.report(path, `route '${route}' of screen '${name}' is also the route of screen '${other}'`);
  else byRoute.set(key, name);
}

function screenEntity(
  ctx: CheckContext,
  name: string,
  screen: ScreenInput,
  path: string,
): EntityNode | undefined {
  if (screen.entity === undefined) {
    if (ENTITY_KINDS.includes(screen.kind)) {
      ctx.report(`${path}.entity`, `${screen.kind} screen '${name}' shows records, but names no entity`);
    }
    return undefined;
  }
  const entities = Object.keys(ctx.app.entities);
  const entity = ctx.app.entities[screen.entity];
  if (!entity) {
    ctx.report(
      `${path}.entity`,
      `screen '${name}' shows ${which(screen.entity, 'an entity of the app', entities, 'entities')}`,
    );
  }
  return entity;
}

function checkEntityPage(
  ctx: CheckContext,
  screen: ScreenInput,
  name: string,
  entity: EntityNode,
  path: string,
): void {
  const names = fieldNames(entity);
  const known = (field: string, at: string, role: string) => {
    const ok = names.includes(field);
    if (!ok) ctx.report(at, `the ${role} ${which(field, `a field of ${name}`, names, 'fields')}`);
    return ok;
  };
  if (screen.kind === 'board' && !entity.states) {
    ctx.report(`${path}.kind`, `a board has one column per state, but ${name} has no states`);
  }
  for (const [i, c] of (screen.columns ?? []).entries()) known(c, `${path}.columns[${i}]`, 'column is');
  // The server's own refusals (listCapabilities), word for word: a screen the checker passes
  // never answers 400 for its filters, search or sort.
  for (const [i, c] of (screen.filters ?? []).entries()) {
    const why = known(c, `${path}.filters[${i}]`, 'filter is on') && filterRefusal(entity, c, 'eq');
    if (why) ctx.report(`${path}.filters[${i}]`, `the filter is refused by the server: ${why}`);
  }
  if (screen.sort !== undefined && known(screen.sort.replace(/^-/, ''), `${path}.sort`, 'sort is by')) {
    const why = sortRefusal(entity, screen.sort);
    if (why) ctx.report(`${path}.sort`, `the sort is refused by the server: ${why}`);
  }
  if (screen.search !== undefined && known(screen.search, `${path}.search`, 'search is on')) {
    const why = filterRefusal(entity, screen.search, 'contains');
    if (why) ctx.report(`${path}.search`, `the search is refused by the server: ${why}`);
  }
  for (const [i, field] of (screen.fields ?? []).entries()) {
    const why = known(field, `${path}.fields[${i}]`, 'form asks for') && whyNotWritable(entity, field);
    if (why) ctx.report(`${path}.fields[${i}]`, `the form asks for '${field}', but it is ${why}`);
  }
  for (const [i, rel] of (screen.related ?? []).entries()) {
    checkRelated(ctx, name, rel, `${path}.related[${i}]`);
  }
}

function checkRelated(
  ctx: CheckContext,
  name: string,
  rel: { entity: string; via: string },
  path: string,
): void {
  const other = ctx.app.entities[rel.entity];
  if (!other) {
    const entities = Object.keys(ctx.app.entities);
    ctx.report(
      `${path}.entity`,
      `the related list shows ${which(rel.entity, 'an entity of the app', entities, 'entities')}`,
    );
    return;
  }
  const via = fieldOf(other, rel.via);
  if (via?.type !== 'ref' || via.entity !== name) {
    ctx.report(
      `${path}.via`,
      `the related list goes through '${rel.via}', which is not a reference from ${rel.entity} to ${name}`,
    );
  }
}
