/**
 * Triggers: on an event, take one transition or run one action, as the system — a
 * transition the event's record (or the record its reference names) has, which the system
 * can take with no input and no caller; an action the app declares, given its input.
 */
import type { TriggerNode } from '../app/automation';
import { fieldOf } from './app-lookup';
import { checkActionCall } from './check-action-call';
import type { CheckContext } from './check-context';
import { checkAutomationName, checkEvent } from './check-events';
import { callerNeeds, requiredInputs } from './check-timers';
import { article, which } from './describe-names';
import { recordScope } from './walk-rule';

/**
 * Checks every trigger of the app.
 * @example checkTriggers(ctx) // reports "trigger 'customerReplyReopens' takes transition 'respnd', which is not a transition of tickets …"
 */
export function checkTriggers(ctx: CheckContext): void {
  for (const [name, t] of Object.entries(ctx.app.triggers)) {
    const path = `triggers.${name}`;
    const who = `trigger '${name}'`;
    checkAutomationName(ctx, 'trigger', name, path);
    const entity = checkEvent(ctx, t.on, `${path}.on`, { who });
    if (!t.transition === !t.action) {
      ctx.report(
        path,
        `${who} must take a transition or run an action, not ${t.transition ? 'both' : 'neither'}`,
      );
    }
    if (t.run !== 'transaction' && t.run !== 'job') {
      ctx.report(
        `${path}.run`,
        `${who} runs as '${String(t.run)}': use 'transaction' (inside the write) or 'job' (after it commits)`,
      );
    }
    if (entity && t.transition) checkTriggerTransition(ctx, entity, t, path, who);
    if (t.action) {
      checkActionCall(ctx, t.action.name, t.action.input, {
        who,
        namePath: `${path}.action.name`,
        inputPath: `${path}.action.input`,
        scope: entity ? recordScope(entity) : { kind: 'unresolved' },
      });
    }
  }
}

function checkTriggerTransition(
  ctx: CheckContext,
  entity: string,
  t: TriggerNode,
  path: string,
  who: string,
): void {
  const { app } = ctx;
  const { name, record } = t.transition ?? { name: '' };
  let target = entity;
  if (record !== undefined) {
    const field = fieldOf(app.entities[entity]!, record);
    const at = `${path}.transition.record`;
    if (!field) {
      const refs = Object.entries(app.entities[entity]!.fields).filter(([, f]) => f.type === 'ref');
      ctx.report(
        at,
        `${who} takes its transition on ${which(
          record,
          `a reference field of ${entity}`,
          refs.map(([n]) => n),
          'reference fields',
        )}`,
      );
      return;
    }
    if (field.type !== 'ref') {
      ctx.report(
        at,
        `${who} takes its transition on '${record}', which is ${article(field.type)} field, not a reference`,
      );
      return;
    }
    // An unknown target is reported on the field itself.
    if (!Object.hasOwn(app.entities, field.entity)) return;
    target = field.entity;
  }
  const at = `${path}.transition.name`;
  const states = app.entities[target]?.states;
  if (!states) {
    ctx.report(at, `${who} takes transition '${name}', but ${target} has no states`);
    return;
  }
  const transition = Object.hasOwn(states.transitions, name) ? states.transitions[name] : undefined;
  if (!transition) {
    const names = Object.keys(states.transitions);
    ctx.report(
      at,
      `${who} takes transition ${which(name, `a transition of ${target}`, names, 'transitions')}`,
    );
    return;
  }
  const required = requiredInputs(transition.input);
  if (required.length > 0) {
    ctx.report(
      at,
      `${who} takes transition '${name}' with no input, but its input ${required.map((r) => `'${r}'`).join(', ')} is required: make it optional or give it a default`,
    );
  }
  for (const need of callerNeeds(ctx, target, transition)) {
    ctx.report(
      at,
      `${who} takes transition '${name}' as the system, with no caller, but its ${need.at} reads ${need.reads}`,
    );
  }
}
