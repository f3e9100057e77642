/**
 * Dashboard widgets: their names (unique on a screen, the key an app's UI replaces them by),
 * the entity and filters of counts and lists, the action and series of charts, and the roles
 * each is shown to.
 */

import type { Where } from '../app/action';
import type { WidgetInput } from '../app/screens';
import { filterRefusal, sortRefusal } from '../derive/list-capabilities';
import { fieldNames, fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkRoleRef } from './check-roles';
import { article, which } from './describe-names';
import { valueProblem } from './value-problem';

const NAME = /^[A-Za-z][\w-]*$/;

/**
 * Checks a dashboard's widgets.
 * @example checkWidgets(ctx, screen.widgets, 'screens.dashboard.widgets')
 */
export function checkWidgets(ctx: CheckContext, widgets: readonly WidgetInput[], path: string): void {
  const named = new Map<string, number>();
  for (const [i, widget] of widgets.entries()) {
    const at = `${path}[${i}]`;
    if (widget.name !== undefined) {
      const first = named.get(widget.name);
      if (!NAME.test(widget.name)) {
        ctx.report(
          `${at}.name`,
          `widget name '${widget.name}' is not a name: letters, digits, '_' and '-', starting with a letter`,
        );
      } else if (first !== undefined) {
        ctx.report(
          `${at}.name`,
          `two widgets of the screen are named '${widget.name}' (also ${path}[${first}]); an app's UI replaces a widget by its name, so each needs its own`,
        );
      } else {
        named.set(widget.name, i);
      }
    }
    for (const [j, role] of (widget.roles ?? []).entries()) checkRoleRef(ctx, role, `${at}.roles[${j}]`);
    if (widget.kind === 'count' || widget.kind === 'list') {
      checkRecordsWidget(
        ctx,
        widget.entity,
        widget.where,
        widget.kind === 'list' ? widget.sort : undefined,
        at,
      );
    } else if (widget.kind === 'chart') {
      checkChart(ctx, widget.action, widget.series, at);
    } else if (!widget.component) {
      ctx.report(`${at}.component`, `custom widget '${widget.title}' names no component to render`);
    }
  }
}

function checkRecordsWidget(
  ctx: CheckContext,
  name: string,
  where: Where | undefined,
  sort: string | undefined,
  path: string,
): void {
  const entity = ctx.app.entities[name];
  if (!entity) {
    ctx.report(
      `${path}.entity`,
      `the widget shows ${which(name, 'an entity of the app', Object.keys(ctx.app.entities), 'entities')}`,
    );
    return;
  }
  const names = fieldNames(entity);
  for (const [key, value] of Object.entries(where ?? {})) {
    const field = fieldOf(entity, key);
    if (!field) {
      ctx.report(
        `${path}.where.${key}`,
        `the widget filters on ${which(key, `a field of ${name}`, names, 'fields')}`,
      );
      continue;
    }
    const refused = filterRefusal(entity, key, Array.isArray(value) ? 'in' : 'eq');
    if (refused) {
      ctx.report(`${path}.where.${key}`, `the filter is refused by the server: ${refused}`);
      continue;
    }
    for (const v of Array.isArray(value) ? value : [value]) {
      const problem = v === null ? undefined : valueProblem(field, v);
      if (problem) {
        ctx.report(`${path}.where.${key}`, `the widget filters '${key}' by a value that ${problem}`);
      }
    }
  }
  const sortField = sort?.replace(/^-/, '');
  if (sort === undefined || sortField === undefined) return;
  if (!names.includes(sortField)) {
    ctx.report(
      `${path}.sort`,
      `the widget sorts by ${which(sortField, `a field of ${name}`, names, 'fields')}`,
    );
    return;
  }
  const refused = sortRefusal(entity, sort);
  if (refused) ctx.report(`${path}.sort`, `the sort is refused by the server: ${refused}`);
}

function checkChart(ctx: CheckContext, name: string, series: readonly string[], path: string): void {
  const action = ctx.app.actions[name];
  if (!action) {
    ctx.report(
      `${path}.action`,
      `the chart reads ${which(name, 'an action of the app', Object.keys(ctx.app.actions), 'actions')}`,
    );
    return;
  }
  const outputs = Object.keys(action.output);
  for (const [i, s] of series.entries()) {
    const field = action.output[s];
    if (!field) {
      ctx.report(
        `${path}.series[${i}]`,
        `the chart draws ${which(s, `an output of action '${name}'`, outputs, 'outputs')}`,
      );
    } else if (field.type !== 'map') {
      ctx.report(
        `${path}.series[${i}]`,
        `the chart draws '${s}', which is ${article(field.type)} output, not a map of label to count`,
      );
    }
  }
}
