/**
 * One subscriber's verdict on one committed change: could they read the record before,
 * can they read it now (the same read rule as REST, at this moment), does it match their
 * query — and the event they hear, serialized with only the fields they may read, or
 * nothing. An update or a transition of a record they hold all along that changed only
 * fields hidden from them is not told at all (hidden-change.ts).
 */
import type { App } from '@ninefold/spec';
import { diff } from '../core/audit/audit-log';
import { isHiddenChange } from '../core/audit/hidden-change';
import type { ChangeEvent } from '../core/changes/change-event';
import { fileFieldsOf, withUrls } from '../core/files/file-fields';
import type { FileLinks } from '../core/files/file-links';
import { readableCopy } from '../core/records/answer';
import type { Rec } from '../core/records/row-codec';
import { accessRule } from '../core/rules/access-rule';
import { evalRule, NEEDS_ROWS, type RowLoader, ruleNow } from '../core/rules/evaluate-rule';
import { type FieldSet, fieldsOfRecord, readPlan, sameFields } from '../core/rules/record-fields';
import { type RuleContext, roleOf } from '../core/rules/rule-context';
import { matchFilters } from './match-filters';
import type { RealtimeClient, Subscription } from './realtime-hub';

/** One event being dispatched: what every subscriber's verdict shares. */
export interface Judgement {
  readonly event: ChangeEvent;
  readonly now: Date;
  readonly load: RowLoader;
  readonly loadBefore: RowLoader;
  /**
   * The record's JSON per set of fields shown: one per role whose read grants all show the
   * same fields, one per role and grants held where they differ (record-fields.ts keeps one
   * set object per grants held, so the set itself is the key).
   */
  readonly records: Map<FieldSet, string>;
  /** Per set of fields shown, whether the write changed only fields outside it; updates alone. */
  readonly hidden: Map<FieldSet, boolean>;
  /** The fields the write changed, once asked. */
  changed?: readonly string[];
  /**
   * What signs the download urls of the record's files: each subscriber hears urls of their
   * own (the hub gives its core's).
   */
  readonly files?: FileLinks;
}

function visible(
  app: App,
  sub: Subscription,
  record: Rec | null,
  ctx: RuleContext,
  load: RowLoader,
): boolean | Promise<boolean> {
  if (!record || !matchFilters(sub.filters, record)) return false;
  const rule = accessRule(app, sub.entity, roleOf(ctx.caller), 'read');
  const now = ruleNow(rule, sub.entity, record, ctx);
  return now === NEEDS_ROWS ? evalRule(rule, sub.entity, record, ctx, load) : now;
}

/**
 * The message `client` hears of the event on `sub`, or null; a promise only where a rule
 * reads a related row.
 * @example const message = verdict(app, client, sub, judgement);
 */
export function verdict(
  app: App,
  client: RealtimeClient,
  sub: Subscription,
  judge: Judgement,
): string | null | Promise<string | null> {
  const e = judge.event;
  const ctx: RuleContext = { app, caller: client.caller, now: judge.now };
  const before = visible(app, sub, e.before as Rec | null, ctx, judge.loadBefore);
  const after = visible(app, sub, e.after as Rec | null, ctx, judge.load);
  if (before instanceof Promise || after instanceof Promise)
    return Promise.all([before, after]).then(([b, a]) => shown(app, sub, judge, ctx, b, a));
  return shown(app, sub, judge, ctx, before, after);
}

/**
 * The fields the subscriber reads on the record before and after the write, as a get would
 * answer them: evaluated per subscriber only when their role's read grants differ in fields.
 */
function shown(
  app: App,
  sub: Subscription,
  judge: Judgement,
  ctx: RuleContext,
  before: boolean,
  after: boolean,
): string | null | Promise<string | null> {
  const e = judge.event;
  if (!after || !e.after) return message(app, sub, judge, ctx, before, after, undefined, undefined);
  const plan = readPlan(app, e.entity, roleOf(ctx.caller));
  if (!plan.grants) return message(app, sub, judge, ctx, before, after, plan.common, plan.common);
  const now = fieldsOfRecord(plan, e.entity, e.after as Rec, ctx, judge.load);
  const then =
    before && e.before ? fieldsOfRecord(plan, e.entity, e.before as Rec, ctx, judge.loadBefore) : now;
  if (now instanceof Promise || then instanceof Promise)
    return Promise.all([then, now]).then(([b, a]) => message(app, sub, judge, ctx, before, after, b, a));
  return message(app, sub, judge, ctx, before, after, then, now);
}

/**
 * The event as this subscriber hears it, serialized; the record's JSON made once per field
 * set — or, for a record with file fields, once per subscriber, since its urls are theirs.
 */
function message(
  app: App,
  sub: Subscription,
  judge: Judgement,
  ctx: RuleContext,
  before: boolean,
  after: boolean,
  shownBefore: FieldSet,
  shownAfter: FieldSet,
): string | null {
  const { event: e, records } = judge;
  const head = `{"type":"event","sub":${JSON.stringify(sub.id)},"entity":${JSON.stringify(e.entity)},"id":${JSON.stringify(e.id)}`;
  if (after && e.after) {
    // Held before and after: told only if the write changed a field they may read.
    if (before && hidden(app, judge, shownBefore, shownAfter)) return null;
    const event = !before ? 'created' : e.op === 'transition' ? 'transitioned' : 'updated';
    let record = records.get(shownAfter);
    if (record === undefined) {
      const files = fileFieldsOf(app.entities[e.entity]!);
      const links = files.length > 0 ? judge.files : undefined;
      const copy = readableCopy(e.after as Rec, shownAfter);
      if (links?.key) record = JSON.stringify(withUrls(copy, e.entity, files, links, ctx.caller, judge.now));
      else {
        record = JSON.stringify(copy);
        records.set(shownAfter, record);
      }
    }
    const name = e.name ? `,"name":${JSON.stringify(e.name)}` : '';
    return `${head},"event":"${event}","record":${record}${name}}`;
  }
  if (before) return `${head},"event":"${e.op === 'delete' ? 'deleted' : 'removed'}"}`;
  return null;
}

/**
 * Whether the event's write changed only fields hidden from a reader who saw `before` of
 * the record and now sees `after` (see hidden-change.ts). A write that changed which fields
 * they see is told: their copy must lose or gain them, as a get would answer now.
 */
function hidden(_app: App, judge: Judgement, before: FieldSet, after: FieldSet): boolean {
  if (!sameFields(before, after)) return false;
  let hidden = judge.hidden.get(after);
  if (hidden === undefined) {
    const e = judge.event;
    hidden = false;
    if (after && e.before && e.after && (e.op === 'update' || e.op === 'transition')) {
      judge.changed ??= Object.keys(diff(e.before as Rec, e.after as Rec));
      hidden = isHiddenChange(judge.changed, after);
    }
    judge.hidden.set(after, hidden);
  }
  return hidden;
}
