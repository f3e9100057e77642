import type { NotificationItem } from '@ninefold/spec';

/**
 * A committed change, as realtime hears of it: the record before and after, so each
 * subscriber can be judged on what it could read before and can read now.
 */
export type ChangeOp = 'create' | 'update' | 'transition' | 'delete';

export interface ChangeEvent {
  readonly kind: 'change';
  readonly entity: string;
  readonly id: string;
  readonly op: ChangeOp;
  /** The transition's name. */
  readonly name?: string;
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
  readonly at: string;
  /**
   * Who made it (null: nobody signed in): automation judges an event's `when` and leaves out
   * its author by it, even for changes a trigger made within a person's write.
   */
  readonly actor?: { readonly id: string; readonly role: string; readonly email: string } | null;
  /** Made by the system itself (a trigger, a timer, a schedule, a seed), not for a person. */
  readonly bySystem?: boolean;
}

/** A session ended (sign-out): sockets opened with it close. */
export interface SessionEndedEvent {
  readonly kind: 'sessionEnded';
  /** The session's id (the token's digest). */
  readonly session: string;
}

/** A new in-app notification: the recipient's sockets are told (notifications/). */
export interface NotificationEvent {
  readonly kind: 'notification';
  readonly userId: string;
  /** The role it was judged for: only the recipient's sockets acting as it are told. */
  readonly role: string;
  readonly notification: NotificationItem;
}

export type BusEvent = ChangeEvent | SessionEndedEvent | NotificationEvent;
