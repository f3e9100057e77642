/**
 * Group commit for SQLite's single writer. Transactions queued during one turn of the event
 * loop run one after another inside one database transaction, each in its own savepoint,
 * and are acknowledged together after the single durable COMMIT. A failing job rolls back
 * to its savepoint alone; the others still commit.
 */
import type BetterSqlite3 from 'better-sqlite3';

interface Job {
  run: () => Promise<unknown>;
  resolve: (value: any) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  #queue: Job[] = [];
  #running: Promise<void> | null = null;
  #scheduled = false;

  constructor(private readonly conn: BetterSqlite3.Database) {}

  /** Queues a job; resolves with its result once its transaction is durable. */
  enqueue<T>(run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run, resolve, reject });
      this.#schedule();
    });
  }

  /** Resolves when every queued job has committed or failed. */
  async drain(): Promise<void> {
    while (this.#running || this.#queue.length > 0) {
      this.#schedule();
      // A flush scheduled but not started runs on a later turn of the event loop: wait a turn
      // for it. Awaiting the null `#running` looped on microtasks, and the loop never turned.
      await (this.#running ?? new Promise<void>((resolve) => setImmediate(resolve)));
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    // setImmediate lets every request already read from the sockets join this group.
    setImmediate(() => {
      this.#scheduled = false;
      this.#running = this.#flush().finally(() => {
        this.#running = null;
        if (this.#queue.length > 0) this.#schedule();
      });
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#queue.splice(0, 512);
    if (batch.length === 0) return;
    const outcomes: { job: Job; ok: boolean; value: unknown }[] = [];
    try {
      // Inside the try: another process holding the write lock past the busy timeout fails
      // this batch's jobs (SQLITE_BUSY), where it rejected the flush itself, unhandled, and
      // the process died with every job of the batch still waiting.
      this.conn.exec('BEGIN IMMEDIATE');
      for (const job of batch) {
        this.conn.exec('SAVEPOINT job');
        try {
          const value = await job.run();
          this.conn.exec('RELEASE job');
          outcomes.push({ job, ok: true, value });
        } catch (error) {
          this.conn.exec('ROLLBACK TO job');
          this.conn.exec('RELEASE job');
          outcomes.push({ job, ok: false, value: error });
        }
      }
      this.conn.exec('COMMIT');
    } catch (error) {
      if (this.conn.inTransaction) this.conn.exec('ROLLBACK');
      for (const job of batch) job.reject(error);
      return;
    }
    for (const { job, ok, value } of outcomes) (ok ? job.resolve : job.reject)(value);
  }
}
