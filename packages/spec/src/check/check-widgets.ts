/**
 * Dashboard widgets: their names (unique on a screen, the key an app's UI replaces them by),
 * the entity and filters of counts, lists and aggregate charts (operators and relative values
 * included), the action and series of action charts, and the roles each is shown to.
 */

import type { Where, WhereOps } from '../app/action';
import type { ChartAggregate, WidgetInput } from '../app/screens';
import type { FilterOperator } from '../derive/filter-operators';
import { filterRefusal, sortRefusal } from '../derive/list-capabilities';
import type { Field } from '../fields/field';
import { isExpr } from '../rules/expr';
import { fieldNames, fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import { checkRoleRef } from './check-roles';
import { article, which } from './describe-names';
import { checkExprNode } from './expr-node-checks';
import type { RuleSite } from './rule-site';
import { valueProblem } from './value-problem';
import { walkExpr } from './walk-rule';

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
    } else if (widget.kind === 'chart' && 'groupBy' in widget) {
      checkAggregateChart(ctx, widget, at);
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
  checkWhere(ctx, name, where, `${path}.where`);
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

const OPS: readonly (keyof WhereOps)[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'contains'];

/**
 * A widget's `where`: each key a field the server filters on with that operator, each literal
 * a value the field takes, each expression one that reads no record (`now()`, `caller('id')`).
 */
function checkWhere(ctx: CheckContext, name: string, where: Where | undefined, path: string): void {
  const entity = ctx.app.entities[name];
  if (!entity) return;
  for (const [key, value] of Object.entries(where ?? {})) {
    const at = `${path}.${key}`;
    const field = fieldOf(entity, key);
    if (!field) {
      ctx.report(
        at,
        `the widget filters on ${which(key, `a field of ${name}`, fieldNames(entity), 'fields')}`,
      );
      continue;
    }
    const ops: [FilterOperator, unknown][] = Array.isArray(value)
      ? [['in', value]]
      : value !== null && typeof value === 'object' && !isExpr(value)
        ? Object.entries(value as WhereOps).map(([op, v]) => [op as FilterOperator, v])
        : [['eq', value]];
    for (const [op, operand] of ops) {
      if (!OPS.includes(op)) {
        ctx.report(at, `the widget filters '${key}' with '${op}', which is not one of ${OPS.join(', ')}`);
        continue;
      }
      const refused = filterRefusal(entity, key, op);
      if (refused) {
        ctx.report(at, `the filter is refused by the server: ${refused}`);
        continue;
      }
      checkOperand(ctx, key, field, op, operand, at);
    }
  }
}

function checkOperand(
  ctx: CheckContext,
  key: string,
  field: Field,
  op: FilterOperator,
  operand: unknown,
  path: string,
): void {
  if (isExpr(operand)) {
    const site: RuleSite = { ctx, path, subject: `the filter on '${key}'`, options: {} };
    const scope = { kind: 'none', what: 'a widget filter' } as const;
    walkExpr(operand, scope, { expr: (node, s) => checkExprNode(site, node, s) });
    return;
  }
  if (op === 'contains') {
    if (typeof operand !== 'string') ctx.report(path, `the widget's 'contains' on '${key}' needs text`);
    return;
  }
  for (const v of Array.isArray(operand) ? operand : [operand]) {
    const problem = v === null ? undefined : valueProblem(field, v);
    if (problem) ctx.report(path, `the widget filters '${key}' by a value that ${problem}`);
  }
}

const NUMERIC = new Set(['integer', 'number']);
const ORDERED = new Set(['integer', 'number', 'datetime', 'date', 'text', 'email']);

/**
 * A chart fed by an aggregate: its entity, a field to group by the server can filter on
 * (what it groups by is what a filter could select), and a field `fn` can compute over.
 */
function checkAggregateChart(ctx: CheckContext, widget: ChartAggregate, path: string): void {
  const entity = ctx.app.entities[widget.entity];
  if (!entity) {
    ctx.report(
      `${path}.entity`,
      `the chart counts ${which(widget.entity, 'an entity of the app', Object.keys(ctx.app.entities), 'entities')}`,
    );
    return;
  }
  const names = fieldNames(entity);
  if (!fieldOf(entity, widget.groupBy)) {
    ctx.report(
      `${path}.groupBy`,
      `the chart groups by ${which(widget.groupBy, `a field of ${widget.entity}`, names, 'fields')}`,
    );
  } else if (filterRefusal(entity, widget.groupBy, 'eq')) {
    ctx.report(
      `${path}.groupBy`,
      `the chart groups by '${widget.groupBy}', which holds no single value to group by`,
    );
  }
  const fn = widget.fn ?? 'count';
  if (!['count', 'sum', 'avg', 'min', 'max'].includes(fn)) {
    ctx.report(`${path}.fn`, `the chart computes '${fn}', which is not one of count, sum, avg, min, max`);
  } else if (fn !== 'count') {
    const target = widget.field === undefined ? undefined : fieldOf(entity, widget.field);
    if (widget.field === undefined) {
      ctx.report(`${path}.field`, `the chart computes ${fn} but names no field to compute it over`);
    } else if (!target) {
      ctx.report(
        `${path}.field`,
        `the chart computes ${fn} over ${which(widget.field, `a field of ${widget.entity}`, names, 'fields')}`,
      );
    } else if (!(fn === 'sum' || fn === 'avg' ? NUMERIC : ORDERED).has(target.type)) {
      ctx.report(
        `${path}.field`,
        `the chart computes ${fn} over '${widget.field}', ${article(target.type)} field`,
      );
    }
  } else if (widget.field !== undefined) {
    ctx.report(
      `${path}.field`,
      `the chart counts records, so field '${widget.field}' means nothing; name a fn`,
    );
  }
  checkWhere(ctx, widget.entity, widget.where, `${path}.where`);
}
