/**
 * Time and automation in the spec: timers (a span after a moment of a record), the events
 * automation listens for, and the four things that listen — triggers, schedules, outgoing
 * webhooks and notifications. All plain data; the server runs them as the system.
 */
import type { Expr, Literal } from '../rules/expr';
import { isExpr, lit } from '../rules/expr';
import type { Rule, RuleNode } from '../rules/rule';

/** A part of a span: a number, or a numeric expression of the record (a constant, a lookup, a field). */
export type SpanAmount<N extends string> = number | Expr<N>;

/**
 * A moment worked out from a record: `since` plus the span. A negative span counts back
 * (`{ since: 'dueAt', hours: -4 }`: four hours before the due time).
 * @example { days: constant('REOPEN_WINDOW_DAYS'), since: 'resolvedAt' }
 */
export interface TimerInput<N extends string> {
  /**
   * A datetime field the span counts from. Without it, from when the record entered the
   * transition's `from` state (timed transitions) or when the event's `when` began to hold.
   */
  readonly since?: N;
  readonly days?: SpanAmount<N>;
  readonly hours?: SpanAmount<N>;
  readonly minutes?: SpanAmount<N>;
}

/** A normalized timer: its amounts as expressions. */
export interface TimerNode {
  readonly since?: string;
  readonly days?: Expr;
  readonly hours?: Expr;
  readonly minutes?: Expr;
}

/** What happened to a record, as automation hears it. */
export type EventOp = 'create' | 'update' | 'delete' | 'transition';

/**
 * An event automation listens for: a record of `entity` created, updated, deleted or moved by
 * a transition (any, or those named) — or, with `after`, a moment of a record arriving while
 * `when` holds (a timed event, cancelled when `when` stops holding first).
 * @example { entity: 'comments', op: 'create', when: related('ticket', inState('pending')) }
 * @example { entity: 'tickets', after: { since: 'dueAt', hours: -4 }, when: inState('new', 'open') }
 */
export interface EventInput {
  readonly entity: string;
  readonly op?: EventOp;
  /** The transitions meant (implies `op: 'transition'`). */
  readonly transition?: string | readonly string[];
  /** A timed event: fires when this moment of the record comes, if `when` still holds. */
  readonly after?: TimerInput<string>;
  /**
   * Only when this holds: judged on the record after the change (before it, for a delete),
   * with the person whose write caused it as the caller (no caller for the system's writes).
   */
  readonly when?: Rule<string>;
}

/** A normalized event: `op` is `'timer'` for a timed one. */
export interface EventNode {
  readonly entity: string;
  readonly op: EventOp | 'timer';
  /** For `op: 'transition'`: the transitions meant, or every one when absent. */
  readonly transitions?: readonly string[];
  readonly after?: TimerNode;
  readonly when?: RuleNode;
}

/**
 * When an event happens, take a transition or run an action, as the system.
 * @example
 * customerReplyReopens: {
 *   on: { entity: 'comments', op: 'create', when: and(hasRole('customer'), related('ticket', inState('pending'))) },
 *   transition: { name: 'respond', record: 'ticket' },
 * }
 */
export interface TriggerInput {
  readonly description?: string;
  readonly on: EventInput;
  /** Take this transition on the event's record, or on the one its reference `record` names. */
  readonly transition?: { readonly name: string; readonly record?: string };
  /** Or run this action, with input worked out from the event's record. */
  readonly action?: { readonly name: string; readonly input?: { readonly [name: string]: Expr | Literal } };
  /**
   * `'transaction'` (default): inside the write that caused it — it commits with it, and a
   * failure refuses that write. `'job'`: after it commits, as a job, retried until it
   * succeeds; the write never waits for it or fails with it.
   */
  readonly run?: 'transaction' | 'job';
}

export interface TriggerNode {
  readonly name: string;
  readonly description?: string;
  readonly on: EventNode;
  readonly transition?: { readonly name: string; readonly record?: string };
  readonly action?: { readonly name: string; readonly input: { readonly [name: string]: Expr } };
  readonly run: 'transaction' | 'job';
}

/**
 * An action run as the system on a cron schedule (five fields, or six with seconds).
 * @example flagOverdue: { cron: '0 2 * * *', zone: 'Europe/Zurich', action: 'flagOverdueLoans' }
 */
export interface ScheduleInput {
  readonly description?: string;
  readonly cron: string;
  /** The IANA zone the expression is read in (default UTC). */
  readonly zone?: string;
  readonly action: string;
  readonly input?: { readonly [name: string]: Literal };
}

export interface ScheduleNode {
  readonly name: string;
  readonly description?: string;
  readonly cron: string;
  readonly zone: string;
  readonly action: string;
  readonly input: { readonly [name: string]: Literal };
}

/**
 * Events sent to another system, signed (Standard Webhooks) and delivered at least once. The
 * target comes from configuration: `WEBHOOK_<NAME>_URL` and `WEBHOOK_<NAME>_SECRET` (the
 * name in upper snake case), or the server's `webhooks` option.
 * @example ticketEvents: { on: [{ entity: 'tickets', op: 'create' }], role: 'integration' }
 */
export interface WebhookInput {
  readonly description?: string;
  readonly on: readonly EventInput[];
  /** Payloads carry only what this role may read: a record it may not read is not sent. */
  readonly role: string;
}

export interface WebhookNode {
  readonly name: string;
  readonly description?: string;
  readonly on: readonly EventNode[];
  readonly role: string;
  /** The configuration names of its target and secret. */
  readonly env: { readonly url: string; readonly secret: string };
}

/**
 * Tells people of an event: in the app (a notification centre, live) and by email, each as
 * the person's preferences allow.
 * @example
 * agentReplied: {
 *   label: 'An agent replied',
 *   on: { entity: 'comments', op: 'create', when: and(hasRole('agent'), eq('internal', false)) },
 *   to: ['ticket.requester'],
 *   title: 'New reply on {ticket.subject}',
 *   link: 'ticket',
 * }
 */
export interface NotificationInput {
  /** What it is, in the person's preferences (default: from its name). */
  readonly label?: string;
  readonly on: EventInput;
  /**
   * Who hears: references to users on the record (`'requester'`), through one reference
   * (`'ticket.assignee'`), or to a record users reference (`'ticket.team'`: its members).
   * Each hears only of a record they may read; the person who caused it does not hear.
   */
  readonly to: readonly string[];
  /** A template over the record's fields and paths: `'New reply on {ticket.subject}'`. */
  readonly title: string;
  readonly body?: string;
  /** The record it opens: the event's own (default) or the one a reference names. */
  readonly link?: string;
  /** Channels on for a person who chose nothing (default both). */
  readonly channels?: { readonly app?: boolean; readonly email?: boolean };
}

export interface NotificationNode {
  readonly name: string;
  readonly label: string;
  readonly on: EventNode;
  readonly to: readonly string[];
  readonly title: string;
  readonly body?: string;
  readonly link?: string;
  readonly channels: { readonly app: boolean; readonly email: boolean };
}

/** The automation part of `defineApp`'s input. */
export interface AutomationInput {
  readonly triggers?: { readonly [name: string]: TriggerInput };
  readonly schedules?: { readonly [name: string]: ScheduleInput };
  readonly webhooks?: { readonly [name: string]: WebhookInput };
  readonly notifications?: { readonly [name: string]: NotificationInput };
}

/** The automation part of an `App`. */
export interface AutomationNode {
  readonly triggers: { readonly [name: string]: TriggerNode };
  readonly schedules: { readonly [name: string]: ScheduleNode };
  readonly webhooks: { readonly [name: string]: WebhookNode };
  readonly notifications: { readonly [name: string]: NotificationNode };
}

function amount(value: SpanAmount<string> | undefined): Expr | undefined {
  if (value === undefined) return undefined;
  return isExpr(value) ? (value as Expr) : lit(value);
}

/**
 * A timer's normalized form.
 * @example timerNode({ days: 7, since: 'resolvedAt' }).days // lit(7)
 */
export function timerNode(t: TimerInput<string>): TimerNode {
  const days = amount(t.days);
  const hours = amount(t.hours);
  const minutes = amount(t.minutes);
  return {
    ...(t.since ? { since: t.since } : {}),
    ...(days ? { days } : {}),
    ...(hours ? { hours } : {}),
    ...(minutes ? { minutes } : {}),
  };
}

function eventNode(e: EventInput): EventNode {
  const transitions = e.transition === undefined ? undefined : [e.transition].flat();
  const op = e.after ? 'timer' : transitions ? 'transition' : (e.op ?? 'create');
  return {
    entity: e.entity,
    op,
    ...(transitions ? { transitions } : {}),
    ...(e.after ? { after: timerNode(e.after) } : {}),
    ...(e.when ? { when: e.when } : {}),
  };
}

function upperSnake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

function label(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

/**
 * Normalizes the automation part of a spec.
 * @example automationNode({ schedules: { nightly: { cron: '0 2 * * *', action: 'sweep' } } }).schedules.nightly.zone // 'UTC'
 */
export function automationNode(spec: AutomationInput): AutomationNode {
  const map = <I, O>(m: { readonly [name: string]: I } | undefined, fn: (name: string, i: I) => O) =>
    Object.fromEntries(Object.entries(m ?? {}).map(([n, i]) => [n, fn(n, i)]));
  return {
    triggers: map(spec.triggers, (name, t) => ({
      name,
      ...(t.description ? { description: t.description } : {}),
      on: eventNode(t.on),
      ...(t.transition ? { transition: { ...t.transition } } : {}),
      ...(t.action
        ? {
            action: {
              name: t.action.name,
              input: Object.fromEntries(
                Object.entries(t.action.input ?? {}).map(([k, v]) => [
                  k,
                  isExpr(v) ? (v as Expr) : lit(v as Literal),
                ]),
              ),
            },
          }
        : {}),
      run: t.run ?? 'transaction',
    })),
    schedules: map(spec.schedules, (name, s) => ({
      name,
      ...(s.description ? { description: s.description } : {}),
      cron: s.cron,
      zone: s.zone ?? 'UTC',
      action: s.action,
      input: s.input ?? {},
    })),
    webhooks: map(spec.webhooks, (name, w) => ({
      name,
      ...(w.description ? { description: w.description } : {}),
      on: w.on.map(eventNode),
      role: w.role,
      env: { url: `WEBHOOK_${upperSnake(name)}_URL`, secret: `WEBHOOK_${upperSnake(name)}_SECRET` },
    })),
    notifications: map(spec.notifications, (name, n) => ({
      name,
      label: n.label ?? label(name),
      on: eventNode(n.on),
      to: [...n.to],
      title: n.title,
      ...(n.body ? { body: n.body } : {}),
      ...(n.link ? { link: n.link } : {}),
      channels: { app: n.channels?.app ?? true, email: n.channels?.email ?? true },
    })),
  };
}
