/**
 * When an API key was last used, written at most once a minute per key and process: a key
 * in a busy script would otherwise cost a write on every request. The write is never
 * awaited by the request it notes, and its failure is logged, never the request's.
 */
import type { Executor } from '../../db/database';

const EVERY_MS = 60_000;
const MAX_KEYS = 10_000;

/**
 * @example const use = new KeyUse(db, (m, e) => log.error({ err: e }, m)); use.touch(keyId, Date.now());
 */
export class KeyUse {
  readonly #written = new Map<string, number>();

  constructor(
    private readonly db: Executor,
    private readonly log: (message: string, err: unknown) => void,
  ) {}

  /** Records that key `id` was used at `at` (ms), unless this process did in the last minute. */
  touch(id: string, at: number): void {
    const last = this.#written.get(id);
    if (last !== undefined && at - last < EVERY_MS && at >= last) return;
    if (this.#written.size >= MAX_KEYS) this.#written.clear();
    this.#written.set(id, at);
    const write = this.db.run(
      this.db.qb
        .updateTable('nf_api_keys')
        .set({ lastUsedAt: new Date(at).toISOString() })
        .where('id', '=', id),
    );
    write.catch((err: unknown) => this.log('api keys: noting when a key was last used failed', err));
  }
}
