/**
 * The hub's backlog: events heard and not yet dispatched, taken one per turn of the event
 * loop. On SQLite a dispatch never waits for I/O, so a backlog run as one chain would hold
 * back every request and commit until it was done. The backlog is bounded: past the limit
 * it is handed back to be shed (its subscribers resync) rather than grown without end. An
 * item whose dispatch fails is handed to `failed` (to be logged and its subscribers told to
 * resync), and the queue goes on with the next.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Taken items are cleared in place; the array is compacted once this many are behind. */
const COMPACT_AT = 1024;

/**
 * @example
 * const queue = new DispatchQueue(
 *   async (e) => send(e),
 *   (dropped) => resyncAll(dropped),
 *   10_000,
 *   (e, error) => log('dispatch failed', error),
 * );
 * queue.push(event); await queue.settled();
 */
export class DispatchQueue<T> {
  #items: (T | undefined)[] = [];
  #head = 0;
  #running: Promise<void> | null = null;

  constructor(
    private readonly run: (item: T) => Promise<void>,
    private readonly shed: (items: T[]) => void,
    /** The most items kept waiting; one more sheds them all. */
    readonly limit: number,
    /** Told of an item whose dispatch threw; must not throw itself. */
    private readonly failed: (item: T, error: unknown) => void,
  ) {}

  /** Items waiting (not counting the one being dispatched). */
  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    if (this.length >= this.limit) {
      const dropped = this.#items.slice(this.#head) as T[];
      this.#items = [];
      this.#head = 0;
      this.shed(dropped);
    }
    this.#items.push(item);
    this.#running ??= this.#pump();
  }

  /** Resolves once every item pushed so far has been dispatched. */
  settled(): Promise<void> {
    return this.#running ?? Promise.resolve();
  }

  async #pump(): Promise<void> {
    // Dispatch begins after the code that pushed, as a promise chain's would.
    await undefined;
    while (this.#head < this.#items.length) {
      const item = this.#items[this.#head] as T;
      this.#items[this.#head++] = undefined;
      if (this.#head >= COMPACT_AT) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
      try {
        await this.run(item);
      } catch (error) {
        this.failed(item, error);
      }
      await nextTurn();
    }
    this.#items = [];
    this.#head = 0;
    this.#running = null;
  }
}
