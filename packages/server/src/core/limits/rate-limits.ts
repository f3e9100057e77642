/**
 * The rate limits the server enforces, one sliding window per declared rate, and what they
 * hold now. Where one process owns the database the counts live in its memory and a restart
 * starts them afresh; where several share it they live in the database, so every process
 * counts against the same windows and a limit holds at its declared number. The database's
 * dialect makes the counter (`Dialect.rateCounter`).
 */
import { type App, RATE_KEYING, type RateInput, type RateUsage } from '@ninefold/spec';
import type { Database } from '../../db/database';
import { memoryCounter, type RateCounter } from './rate-counter';

type Rule = RateInput & { readonly windowSeconds: number };

export interface RateWindow {
  readonly name: string;
  readonly rule: Rule;
  readonly counter: RateCounter;
  /** False for the built-in sign-in and sign-up limits of an app that declares none. */
  readonly declared: boolean;
}

export type { RateUsage };

type BuiltInScope = 'login' | 'signup' | 'mail' | 'account';

/**
 * The name of the window that counts the account lists (invitations, API keys, mail). An app
 * changes it by declaring a rate of scope `account` under this very name.
 * @example app.limits.rates[ACCOUNT_READS] // { scope: 'account', max: 600, window: '1m' } if declared
 */
export const ACCOUNT_READS = 'accountReads';

// Sign-in, sign-up and the account flows are always limited, declared or not: `mail` counts
// the mail a request makes the server send, per recipient (nobody's inbox can be flooded);
// `account` every other account-flow write, per user or else per address. The account lists
// get a window of their own, generous, so a console polling them never blocks a write.
const BUILT_IN_READS: { name: string; rule: Rule } = {
  name: ACCOUNT_READS,
  rule: { scope: 'account', max: 120, window: '1m', windowSeconds: 60 },
};
const BUILT_IN: Readonly<Record<BuiltInScope, { name: string; rule: Rule }>> = {
  login: { name: 'failedSignIns', rule: { scope: 'login', max: 10, window: '1m', windowSeconds: 60 } },
  signup: { name: 'signUps', rule: { scope: 'signup', max: 20, window: '1h', windowSeconds: 3600 } },
  mail: { name: 'accountMail', rule: { scope: 'mail', max: 5, window: '1h', windowSeconds: 3600 } },
  account: { name: 'accountFlows', rule: { scope: 'account', max: 30, window: '10m', windowSeconds: 600 } },
};

type CounterOf = (name: string, rule: Rule) => RateCounter;

/**
 * @example const rates = new RateLimits(app, db); await rates.login.counter.take(['ip:10.0.0.1'], Date.now());
 */
export class RateLimits {
  readonly #scoped: RateWindow[];
  /** The failed sign-ins limit: the first declared `login` rate, else the built-in one. */
  readonly login: RateWindow;
  /** The sign-ups limit: the first declared `signup` rate, else the built-in one. */
  readonly signup: RateWindow;
  /** Mail an account flow sends, per recipient: the first declared `mail` rate, else built in. */
  readonly mail: RateWindow;
  /** Every account-flow write, per user else address: the first declared `account` rate, else built in. */
  readonly account: RateWindow;
  /** The account lists, per user: the `account` rate declared as `accountReads`, else built in. */
  readonly accountReads: RateWindow;

  /** `db` decides where the counts live: see the file's comment. */
  constructor(app: App, db?: Database) {
    const counterOf: CounterOf = db
      ? (name, rule) => db.dialect.rateCounter(db, name, rule)
      : (_name, rule) => memoryCounter(rule);
    const windowOf = (name: string, rule: Rule, declared: boolean): RateWindow => ({
      name,
      rule,
      declared,
      counter: counterOf(name, rule),
    });
    const all = Object.entries(app.limits.rates);
    const reads = all.find(([name, r]) => name === ACCOUNT_READS && r.scope === 'account');
    // The reads window is chosen by its name, so it never stands for the account writes.
    const declared = all.filter((entry) => entry !== reads);
    const first = (scope: BuiltInScope) => {
      const found = declared.find(([, r]) => r.scope === scope);
      return found
        ? windowOf(found[0], found[1], true)
        : windowOf(BUILT_IN[scope].name, BUILT_IN[scope].rule, false);
    };
    this.login = first('login');
    this.signup = first('signup');
    this.mail = first('mail');
    this.account = first('account');
    this.accountReads = reads
      ? windowOf(reads[0], reads[1], true)
      : windowOf(BUILT_IN_READS.name, BUILT_IN_READS.rule, false);
    // Reads are not limited by this server: a `read` rate gets no window, so no usage either.
    this.#scoped = declared
      .filter(([, r]) => r.scope === 'write' || r.scope === 'action')
      .map(([name, r]) => windowOf(name, r, true));
  }

  /** The windows that count a scope's requests (`write` or `action`). */
  forScope(scope: 'write' | 'action'): readonly RateWindow[] {
    return this.#scoped.filter((w) => w.rule.scope === scope);
  }

  /**
   * Every window the server counts, with what it keys on and its usage at `now` (`keys`
   * counts keys, not callers: one failed sign-in is two, its email and its address).
   * @example await rates.usage(Date.now()) // [{ name: 'failedLogins', per: ['email', 'address'], keys: 2, … }]
   */
  usage(now: number): Promise<RateUsage[]> {
    return Promise.all(
      this.#all().map(async ({ name, rule, counter, declared }) => ({
        name,
        scope: rule.scope,
        max: rule.max,
        windowSeconds: rule.windowSeconds,
        declared,
        // Only these scopes get a window (a `read` rate is not counted here).
        ...RATE_KEYING[rule.scope as keyof typeof RATE_KEYING],
        ...(await counter.usage(now)),
      })),
    );
  }

  /** Stops the counters' background pruning. */
  close(): void {
    for (const w of this.#all()) w.counter.close();
  }

  #all(): RateWindow[] {
    return [this.login, this.signup, this.mail, this.account, this.accountReads, ...this.#scoped];
  }
}
