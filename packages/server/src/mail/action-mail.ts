/**
 * `send` for action handlers: a message of the catalogue queued in the action's own
 * transaction, so it leaves only if the action commits.
 */
import { type App, f, validateFields } from '@ninefold/spec';
import type { WriteGuard } from '../core/actions/serial-writes';
import { throwIssues } from '../core/records/write-checks';
import type { Executor } from '../db/database';
import { queueMail } from './queue-mail';

const TO = { to: f.email({ label: 'Recipient' }) };

/**
 * What an action's `send` queues, and how the action waits for it.
 * @example const mail: ActionMail = actionMail(app, tx, now, guard); mail.send('welcome', 'ann@example.com');
 */
export interface ActionMail {
  send(message: string, to: string, params?: Readonly<Record<string, string | number>>): void;
  /** Resolves once every mail sent so far is queued; rejects if one could not be. */
  settled(): Promise<void>;
}

function refuse(message: string): never {
  // A handler's mistake, not its caller's: answered INTERNAL, and logged with this message.
  throw new Error(`send: ${message}`);
}

/**
 * @example const mail = actionMail(app, tx, now, guard); ctx.send = mail.send; …; await mail.settled();
 */
export function actionMail(app: App, exec: Executor, now: Date, guard: WriteGuard): ActionMail {
  const queued: Promise<unknown>[] = [];
  return {
    send: (message, to, params = {}) => {
      const node = Object.hasOwn(app.messages, message) ? app.messages[message] : undefined;
      if (!node) {
        const own = Object.values(app.messages)
          .filter((m) => !m.builtin)
          .map((m) => m.name);
        refuse(`'${message}' is not a message of the app (its messages: ${own.join(', ') || 'none'})`);
      }
      if (node.builtin)
        refuse(`'${message}' is a built-in message: the account flows send it, with its link`);
      for (const [name, value] of Object.entries(params)) {
        const ok = typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
        if (!ok) refuse(`param {${name}} of '${message}' is ${typeof value}, not a string or a number`);
      }
      const checked = validateFields(TO, { to }, { mode: 'input' });
      if (!checked.ok) throwIssues(checked.issues);
      const address = String((checked as { value: Record<string, unknown> }).value.to);
      const insert = guard(() => queueMail(exec, { message, to: address, params: { ...params } }, now));
      // Awaited by settled(); marked handled now so a failure is not an unhandled rejection meanwhile.
      insert.catch(() => {});
      queued.push(insert);
    },
    settled: async () => {
      await Promise.all(queued);
    },
  };
}
