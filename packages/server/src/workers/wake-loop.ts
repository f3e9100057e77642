/**
 * How a background worker (the mail worker, the job worker) looks for work: every `pollMs`,
 * and at once when woken after a write (`kick`, coalesced to one look per turn of the event
 * loop). One pass runs at a time; a wake-up during a pass earns one more pass after it, since
 * what woke it may have been queued after that pass looked.
 */

/**
 * @example
 * const loop = new WakeLoop(() => this.#pass(), (e) => log(`mail: ${e}`));
 * loop.start(1000);
 * await loop.run(); // one pass, after any already running
 * await loop.close();
 */
export class WakeLoop {
  readonly #pass: () => Promise<number>;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #last: Promise<unknown> = Promise.resolve();
  #busy = false;
  #kicked = false;
  #again = false;
  #closed = false;

  constructor(pass: () => Promise<number>, onError: (error: unknown) => void) {
    this.#pass = pass;
    this.#onError = onError;
  }

  /** Whether `close` was called: a pass stops taking new work. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Looks every `pollMs` until closed. */
  start(pollMs: number): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setInterval(() => this.kick(), pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Looks soon, without waiting. */
  kick(): void {
    if (this.#closed || this.#kicked) return;
    this.#kicked = true;
    setImmediate(() => {
      this.#kicked = false;
      if (this.#closed) return;
      if (this.#busy) {
        this.#again = true;
        return;
      }
      this.run().catch(this.#onError);
    });
  }

  /** One pass, after any pass already running; resolves with what it reports. */
  run(): Promise<number> {
    const pass = this.#last.catch(() => {}).then(() => this.#guarded());
    this.#last = pass;
    return pass;
  }

  /** Stops looking, and waits for a pass in flight. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#last.catch(() => {});
  }

  async #guarded(): Promise<number> {
    this.#busy = true;
    try {
      return await this.#pass();
    } finally {
      this.#busy = false;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    }
  }
}
