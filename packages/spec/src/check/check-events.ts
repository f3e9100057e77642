/**
 * The events automation listens for, as every listener declares them: an entity of the app,
 * an operation the server announces, transitions it has, and a `when` that can be judged —
 * with no caller and no change to ask about when the event is a moment arriving (a timer).
 */

import type { EventNode } from '../app/automation';
import type { App } from '../app/define-app';
import type { RuleNode } from '../rules/rule';
import { callerReads } from './caller-reads';
import type { CheckContext } from './check-context';
import { checkRule } from './check-rule';
import { checkTimer } from './check-timers';
import { which } from './describe-names';
import { type RuleScope, recordScope, walkRule } from './walk-rule';

const OPS = ['create', 'update', 'delete', 'transition', 'timer'] as const;
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Where an event is declared: who listens, for messages, and whether it may be timed. */
export interface EventPlace {
  /** `trigger 'customerReplyReopens'`. */
  readonly who: string;
  /** Why a timed event is refused here; undefined where one is fine. */
  readonly noTimer?: string;
}

/**
 * Checks an automation name: it becomes a job's name, a preference's key and, for webhooks,
 * part of a configuration variable, so it is an identifier.
 * @example checkAutomationName(ctx, 'trigger', 'reopen on reply', 'triggers.reopen on reply')
 */
export function checkAutomationName(ctx: CheckContext, kind: string, name: string, path: string): void {
  if (!NAME.test(name)) {
    ctx.report(
      path,
      `${kind} '${name}' is not a name: use letters, digits and underscores, starting with a letter`,
    );
  }
}

/**
 * Checks one event; gives the entity it is about when that entity exists.
 * @example checkEvent(ctx, trigger.on, 'triggers.customerReplyReopens.on', { who: "trigger 'customerReplyReopens'" })
 */
export function checkEvent(
  ctx: CheckContext,
  event: EventNode,
  path: string,
  place: EventPlace,
): string | undefined {
  const { app } = ctx;
  const entity = Object.hasOwn(app.entities, event.entity) ? app.entities[event.entity] : undefined;
  if (!entity) {
    ctx.report(
      `${path}.entity`,
      `${place.who} listens to ${which(event.entity, 'an entity of the app', Object.keys(app.entities), 'entities')}`,
    );
  }
  if (!(OPS as readonly string[]).includes(event.op)) {
    ctx.report(
      `${path}.op`,
      `${place.who} listens for '${event.op}', which is not an event: use one of create, update, delete, transition`,
    );
    return undefined;
  }
  if (!entity) return undefined;
  if (event.op === 'transition') checkTransitionsNamed(ctx, event, `${path}.transition`, place);
  const timed = event.op === 'timer';
  if (timed) {
    if (place.noTimer)
      ctx.report(`${path}.after`, `${place.who} listens for a timed event: ${place.noTimer}`);
    else if (!event.after)
      ctx.report(`${path}.after`, `${place.who} listens for a timed event with no timer`);
    else checkTimer(ctx, event.entity, event.after, `${path}.after`, `the timer of ${place.who}`);
  }
  if (event.when) checkWhen(ctx, event, event.when, `${path}.when`, place, timed);
  return event.entity;
}

function checkTransitionsNamed(ctx: CheckContext, event: EventNode, path: string, place: EventPlace): void {
  const states = ctx.app.entities[event.entity]?.states;
  if (!states) {
    ctx.report(path, `${place.who} listens for transitions of ${event.entity}, which has no states`);
    return;
  }
  const names = Object.keys(states.transitions);
  for (const t of event.transitions ?? []) {
    if (!names.includes(t)) {
      ctx.report(
        path,
        `${place.who} listens for transition ${which(t, `a transition of ${event.entity}`, names, 'transitions')}`,
      );
    }
  }
}

function checkWhen(
  ctx: CheckContext,
  event: EventNode,
  when: RuleNode,
  path: string,
  place: EventPlace,
  timed: boolean,
): void {
  const scope = recordScope(event.entity);
  if (timed) {
    const reads = callerReads(ctx.app, when, scope);
    if (reads) {
      ctx.report(
        path,
        `${place.who} is a timed event, judged when its moment comes with nobody writing, but its when reads ${reads}, which needs a caller`,
      );
    }
    if (asksChanged(ctx.app, when, scope)) {
      ctx.report(
        path,
        `${place.who} is a timed event, but its when asks what changed: no write is judged when its moment comes`,
      );
    }
  }
  // A change event may ask what its write changed; a timed one was told so above.
  checkRule(ctx, when, scope, path, { allowChanged: true });
}

function asksChanged(app: App, rule: RuleNode, scope: RuleScope): boolean {
  let found = false;
  walkRule(app, rule, scope, {
    rule: (n) => {
      if (n.kind === 'changed') found = true;
    },
  });
  return found;
}
