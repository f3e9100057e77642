/**
 * `action()`: a custom call of the app, with a typed input and output, an access rule and a
 * server-side handler. The handler never reaches a client: `/api/meta` and the client's
 * types read only the data part.
 */
import type { AggregateAnswer } from '../contract/wire-types';
import type { BUILTIN_ERRORS, BuiltinErrorCode } from '../errors/builtin-errors';
import type { ParamKinds, ParamsOf } from '../errors/message-template';
import type { Fields } from '../fields/field';
import type { ValuesOf } from '../fields/field-value';
import type { Expr, Literal } from '../rules/expr';
import type { Rule, RuleNode } from '../rules/rule';
import { allow } from '../rules/rule';

/** A record as handlers see it. */
export type AnyRecord = { readonly id: string; readonly version: number; readonly [field: string]: unknown };

/**
 * A value a filter compares with: a literal, or an expression that reads no record and is
 * worked out when the query runs — `now()`, `today(constant('ZONE'))`, `addDays(now(), 7)`,
 * `caller('id')` — so a widget can say "due today" or "mine".
 */
export type WhereOperand = Literal | Expr<never>;

/** Operators on one field, with the list filters' meanings (`?field[op]=value`). */
export interface WhereOps {
  readonly eq?: WhereOperand;
  readonly ne?: WhereOperand;
  readonly lt?: WhereOperand;
  readonly lte?: WhereOperand;
  readonly gt?: WhereOperand;
  readonly gte?: WhereOperand;
  readonly in?: readonly Literal[];
  readonly contains?: string;
}

/**
 * Filters for `list`, `count`, `aggregate` and dashboard widgets, all of which must hold: a
 * literal asks for equality, an array for one of its values, an expression for equality with
 * its value, an object of operators for each of them.
 * @example { status: ['new', 'open'], dueAt: { lt: now() }, assignee: caller('id') }
 */
export type Where = { readonly [field: string]: WhereOperand | readonly Literal[] | WhereOps };

/** What `list` and `page` take: filters, a sort (`'-createdAt'`) and a page size. */
export interface StoreListQuery {
  readonly where?: Where;
  readonly sort?: string;
  readonly limit?: number;
}

/** A page of `RecordStore.page`. */
export interface StorePage {
  readonly items: AnyRecord[];
  readonly nextCursor: string | null;
}

/** What `RecordStore.aggregate` takes: the REST call's parameters, as arrays. */
export interface StoreAggregateQuery {
  readonly groupBy?: readonly string[];
  /** Count each group's records (the default when no function is asked for). */
  readonly count?: boolean;
  readonly sum?: readonly string[];
  readonly min?: readonly string[];
  readonly max?: readonly string[];
  readonly avg?: readonly string[];
  readonly where?: Where;
}

/**
 * Records, acting as the caller: every read and write obeys the caller's rules, as the REST
 * API would for them. `get` and `list` answer only records the caller may read, each with
 * only the fields they may read; `count` counts what they may read; `countBy` refuses a
 * field they may not read (NOT_FOUND); writes answer the record as REST answers it.
 * @example
 * const ticket = await records.get('tickets', id); // null when the caller may not read it
 */
export interface RecordStore {
  get(entity: string, id: string): Promise<AnyRecord | null>;
  /**
   * The first page of a list (`limit` at most the app's `pageSize.max`: more is refused,
   * never silently cut; `page` goes on past it).
   */
  list(entity: string, query?: StoreListQuery): Promise<AnyRecord[]>;
  /**
   * One page and where the next starts (`nextCursor`, null on the last page).
   * @example
   * let cursor: string | undefined;
   * do { const p = await records.page('loans', { cursor }); … cursor = p.nextCursor ?? undefined; } while (cursor);
   */
  page(entity: string, query?: StoreListQuery & { cursor?: string }): Promise<StorePage>;
  count(entity: string, where?: Where): Promise<number>;
  /** Counts grouped by a field's value. */
  countBy(entity: string, field: string, where?: Where): Promise<Record<string, number>>;
  /**
   * Groups and aggregates, as `GET /api/entities/{entity}/aggregate` answers the caller
   * (`elevated`: over every record).
   * @example const { groups } = await records.aggregate('items', { groupBy: ['claim'], sum: ['cents'] });
   */
  aggregate(entity: string, query: StoreAggregateQuery): Promise<AggregateAnswer>;
  create(entity: string, data: Record<string, unknown>): Promise<AnyRecord>;
  update(
    entity: string,
    id: string,
    patch: Record<string, unknown>,
    options?: { version?: number },
  ): Promise<AnyRecord>;
  transition(entity: string, id: string, name: string, input?: Record<string, unknown>): Promise<AnyRecord>;
  delete(entity: string, id: string): Promise<void>;
}

/** The params `fail` takes for a code: typed for a built-in code, `string | number` otherwise. */
export type FailParams<C extends string> = C extends BuiltinErrorCode
  ? ParamsOf<(typeof BUILTIN_ERRORS)[C]['message'], BuiltinKinds<C>>
  : Record<string, string | number>;
type BuiltinKinds<C extends BuiltinErrorCode> = (typeof BUILTIN_ERRORS)[C] extends {
  params: infer P extends ParamKinds;
}
  ? P
  : {};

/** What a handler is given. It runs inside one transaction: a throw undoes every write. */
export interface ActionContext<I> {
  readonly input: I;
  readonly caller: { readonly id: string; readonly role: string; readonly email: string } | null;
  readonly now: Date;
  /**
   * Acting as the caller, the default: reads see exactly what REST shows the caller (their
   * records, their fields) and writes obey their rules. A field the caller may not read is
   * absent from what `records` answers, so the handler cannot hand it back by mistake.
   */
  readonly records: RecordStore;
  /**
   * Acting as the system: reads see every record and every field, writes obey no access
   * rule. The one way a handler reads past the caller's rules — an explicit choice, for
   * where the action's own `who` has already decided (say, a total over records the caller
   * may not each read). Whatever it reads is the handler's to keep from the caller: the
   * result is still checked against the declared `output`, and an undeclared field in it
   * answers INTERNAL.
   * @example
   * handler: async ({ elevated }) => ({ open: await elevated.count('tickets', { status: 'open' }) })
   */
  readonly elevated: RecordStore;
  readonly constants: { readonly [name: string]: Literal };
  /**
   * Ends the action with a catalogue error. A built-in code's params are typed; an app's own
   * codes are not known here (actions are declared before the app), so theirs are loose.
   */
  fail<C extends string>(code: C, params?: FailParams<C>): never;
  /**
   * Sends a message of the app's catalogue (`messages`) to one address, with its params
   * (`{app}` is the app's name unless given). The mail is queued in the action's transaction:
   * it leaves only if the action succeeds, and is sent after it answers, retried until it
   * leaves. An address that is not an email answers VALIDATION_FAILED (path `to`); an
   * unknown message, or a built-in one (the account flows send those), is a mistake in the
   * handler and answers INTERNAL.
   * @example
   * handler: async ({ input, records, send }) => {
   *   const t = await records.get('tickets', input.ticketId);
   *   send('ticketAnswered', input.email, { subject: String(t!.subject), number: 42 });
   *   return { ok: true };
   * }
   */
  send(message: string, to: string, params?: Readonly<Record<string, string | number>>): void;
  /**
   * Runs an action of the app later, as the system (its `who` does not apply): queued as a
   * job in this action's transaction, so it is run only if this action succeeds, at `at`, or
   * `afterMs` from now, or at once after the commit; retried with backoff if it fails (a
   * catalogue error ends it for good), shown in the admin console's jobs. An unknown action or
   * an input it refuses is a mistake in the handler and answers INTERNAL.
   * @example
   * handler: async ({ input, schedule }) => {
   *   schedule('sendReminder', { ticketId: input.ticketId }, { afterMs: 24 * 3_600_000 });
   *   return { ok: true };
   * }
   */
  schedule(
    action: string,
    input?: Readonly<Record<string, unknown>>,
    when?: { readonly at?: Date | string; readonly afterMs?: number },
  ): void;
}

export interface ActionInput<I extends Fields, O extends Fields> {
  readonly label?: string;
  readonly description?: string;
  /** Per role, who may call it; nobody else may. */
  readonly who: { readonly [role: string]: boolean | Rule<never> };
  readonly input: I;
  /**
   * What the action answers. The server checks every result against it before sending it:
   * a field not declared here, a missing one or one of the wrong type answers INTERNAL
   * (logged), and the handler's writes are undone.
   */
  readonly output: O;
  /** Codes the action may answer besides the built-in ones (documented in OpenAPI). */
  readonly errors?: readonly string[];
  /** Runs on the server, in one transaction; see `ActionContext` for `records` and `elevated`. */
  readonly handler: (ctx: ActionContext<ValuesOf<I>>) => Promise<ValuesOf<O>>;
}

/** A normalized action node. `handler` is server-only. */
export interface ActionNode<I extends Fields = Fields, O extends Fields = Fields> {
  readonly kind: 'action';
  readonly label?: string;
  readonly description?: string;
  readonly who: { readonly [role: string]: RuleNode };
  readonly input: I;
  readonly output: O;
  readonly errors: readonly string[];
  readonly handler: (ctx: ActionContext<ValuesOf<I>>) => Promise<ValuesOf<O>>;
}

/**
 * Declares an action.
 * @example
 * const assignToMe = action({
 *   who: { agent: true },
 *   input: { ticketId: f.ref('tickets') },
 *   output: { id: f.text() },
 *   handler: async ({ input, records, caller }) => {
 *     const t = await records.update('tickets', input.ticketId, { assignee: caller!.id });
 *     return { id: t.id };
 *   },
 * });
 */
export function action<const I extends Fields, const O extends Fields>(
  def: ActionInput<I, O>,
): ActionNode<I, O> {
  return Object.freeze({
    kind: 'action' as const,
    ...(def.label ? { label: def.label } : {}),
    ...(def.description ? { description: def.description } : {}),
    who: Object.fromEntries(
      Object.entries(def.who).flatMap(([role, r]) =>
        r === false ? [] : [[role, r === true ? allow() : r] as const],
      ),
    ),
    input: def.input,
    output: def.output,
    errors: [...(def.errors ?? [])],
    handler: def.handler,
  });
}
