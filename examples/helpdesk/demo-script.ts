/**
 * The shape of the demo's ticket scripts: who files a ticket, when, and what happens to it
 * after. The seed plays every step through the core as the person named, so history, audit
 * and rules are as real as if they had clicked through the UI.
 */

/** The demo's people, by the key the scripts name them with. */
export type Persona = 'admin' | 'agent' | 'agent2' | 'alice' | 'bob';

export type DemoStep =
  | {
      readonly kind: 'comment';
      readonly as: Persona;
      readonly hours: number;
      readonly body: string;
      readonly internal: boolean;
    }
  | {
      readonly kind: 'transition';
      readonly as: Persona;
      readonly hours: number;
      readonly name: string;
      readonly input: { readonly assignee?: Persona; readonly resolution?: string };
    }
  | { readonly kind: 'rate'; readonly as: Persona; readonly hours: number; readonly satisfaction: number };

export interface DemoTicket {
  readonly requester: 'alice' | 'bob';
  /** When it was filed, before the moment the demo "is". */
  readonly daysAgo: number;
  readonly fields: {
    readonly subject: string;
    readonly description: string;
    readonly priority: 'low' | 'normal' | 'high' | 'urgent';
    readonly category: 'billing' | 'technical' | 'account' | 'other';
    readonly tags: readonly string[];
  };
  /** Each step happens `hours` after the one before (the first, after filing). */
  readonly steps: readonly DemoStep[];
}

/**
 * A public comment on the ticket, `hours` after the step before.
 * @example say('alice', 2, 'Thank you, that was quick!')
 */
export function say(as: Persona, hours: number, body: string): DemoStep {
  return { kind: 'comment', as, hours, body, internal: false };
}

/**
 * An internal note: agents and admins see it, the customer never does.
 * @example note('agent', 1, 'Reproduced on staging; raised ENG-2231.')
 */
export function note(as: Persona, hours: number, body: string): DemoStep {
  return { kind: 'comment', as, hours, body, internal: true };
}

/**
 * A transition of the ticket's state machine, run as `as`.
 * @example run('alice', 20, 'close')
 */
export function run(
  as: Persona,
  hours: number,
  name: string,
  input: { assignee?: Persona; resolution?: string } = {},
): DemoStep {
  return { kind: 'transition', as, hours, name, input };
}

/**
 * An agent triages a new ticket, taking it and putting it on the Support team.
 * @example triage('agent2', 3)
 */
export function triage(as: Persona, hours: number): DemoStep {
  return run(as, hours, 'triage', { assignee: as });
}

/**
 * An agent resolves the ticket with a resolution text.
 * @example resolve('agent', 1, 'Duplicate charge refunded.')
 */
export function resolve(as: Persona, hours: number, resolution: string): DemoStep {
  return run(as, hours, 'resolve', { resolution });
}

/**
 * The requester rates the ticket once it is resolved or closed.
 * @example rate('alice', 0.1, 5)
 */
export function rate(as: Persona, hours: number, satisfaction: number): DemoStep {
  return { kind: 'rate', as, hours, satisfaction };
}
