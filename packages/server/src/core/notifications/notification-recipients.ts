/**
 * Who a notification names: the people its `to` paths reach from the event's record — a
 * reference to users (`'requester'`), through references (`'ticket.assignee'`), or to a
 * record of another entity, whose members are the users referencing it (`'ticket.team'`).
 * The person who caused the event and disabled accounts are left out; each person once.
 * Each is judged as the role they act as now, as their session is (sessions.ts): an account
 * whose address is not verified acts as its role's `verifyEmail.actAs`.
 */
import type { App, NotificationNode } from '@ninefold/spec';
import type { Executor } from '../../db/database';
import { actAsWhileUnverified } from '../accounts/sessions';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';

/** A person a notification may reach, before their read rights are judged. */
export interface Recipient {
  readonly id: string;
  /** The role they act as now, which their notification is judged for. */
  readonly role: string;
  readonly email: string;
  readonly name: string;
  /** Whether their address may be mailed: their role asks no verification, or it is verified. */
  readonly mailable: boolean;
}

/**
 * Members of one record heard at most: past it the rest are left out, with a log line.
 * @example expect(recipients.length).toBeLessThanOrEqual(MEMBERS_CAP)
 */
export const MEMBERS_CAP = 1_000;

const COLUMNS = ['id', 'role', 'email', 'name', 'disabled', 'emailVerified'] as const;

interface UserRow {
  readonly id: string;
  readonly role: string;
  readonly email: string;
  readonly name: string | null;
  readonly disabled: unknown;
  readonly emailVerified: unknown;
}

function idsOf(values: readonly unknown[]): string[] {
  return values.flat().filter((v): v is string => typeof v === 'string' && v !== '');
}

function refTarget(app: App, entity: string, field: string): string | undefined {
  const node = Object.hasOwn(app.entities, entity) ? app.entities[entity] : undefined;
  const f = node && Object.hasOwn(node.fields, field) ? node.fields[field] : undefined;
  return f?.type === 'ref' ? f.entity : undefined;
}

/** The users whose references to `entity` name one of `ids`: that record's members. */
async function membersOf(
  exec: Executor,
  app: App,
  entity: string,
  ids: readonly string[],
): Promise<UserRow[]> {
  const users = app.entities.users;
  if (!users || ids.length === 0) return [];
  const refs = Object.entries(users.fields)
    .filter(([, f]) => f.type === 'ref' && f.entity === entity)
    .map(([name]) => name);
  const found: UserRow[] = [];
  for (const field of refs) {
    const rows = await exec.all<UserRow>(
      exec.qb
        .selectFrom('users')
        .select([...COLUMNS])
        .where(field, 'in', [...ids])
        .orderBy('id')
        .limit(MEMBERS_CAP + 1),
    );
    if (rows.length > MEMBERS_CAP) {
      console.warn(
        `[ninefold notifications] more than ${MEMBERS_CAP} users reference one ${entity} record by '${field}': only the first ${MEMBERS_CAP} are notified`,
      );
      rows.length = MEMBERS_CAP;
    }
    found.push(...rows);
  }
  return found;
}

async function usersById(exec: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return exec.all<UserRow>(
    exec.qb
      .selectFrom('users')
      .select([...COLUMNS])
      .where('id', 'in', [...ids]),
  );
}

/** The users one `to` path reaches from `record` of `entity`. */
async function reached(scope: RecordScope, entity: string, record: Rec, path: string): Promise<UserRow[]> {
  const steps = path.split('.');
  let at = entity;
  let records: Rec[] = [record];
  for (const [i, step] of steps.entries()) {
    const target = refTarget(scope.app, at, step);
    if (!target) return [];
    const ids = [...new Set(idsOf(records.map((r) => r[step])))];
    if (i === steps.length - 1) {
      return target === 'users' ? usersById(scope.exec, ids) : membersOf(scope.exec, scope.app, target, ids);
    }
    // Read as the system: who is named does not depend on who wrote.
    const loaded = await Promise.all(ids.map((id) => scope.load(target, id)));
    records = loaded.filter((r): r is Rec => r !== null);
    at = target;
  }
  return [];
}

const on = (v: unknown) => v === true || v === 1;

/**
 * The people `node` names for `record` of its event's entity, without `actorId` and disabled
 * accounts, each once, in the order the paths name them, each with the role they act as now.
 * @example const people = await recipientsOf(scope, app.notifications.agentReplied, comment, caller.id);
 */
export async function recipientsOf(
  scope: RecordScope,
  node: NotificationNode,
  record: Rec,
  actorId: string | undefined,
): Promise<Recipient[]> {
  const people = new Map<string, Recipient>();
  for (const path of node.to) {
    for (const row of await reached(scope, node.on.entity, record, path)) {
      if (row.id === actorId || on(row.disabled) || people.has(row.id)) continue;
      const verify = scope.app.roles[row.role]?.verifyEmail;
      people.set(row.id, {
        id: row.id,
        role: actAsWhileUnverified(scope.app, row.role, row.emailVerified) ?? row.role,
        email: row.email,
        name: row.name ?? '',
        mailable: !verify || on(row.emailVerified),
      });
    }
  }
  return [...people.values()];
}
