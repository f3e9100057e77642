/**
 * Image work (variants made with sharp) bounded per process: the same work asked for twice at
 * once is done once, and at most `IMAGE_WORKERS` pieces run together. Each decode holds tens
 * of megabytes; measured on two cores, making eight 24-megapixel variants at once peaked
 * ~300 MB above the baseline, two at a time ~175 MB, in about the same total time (the
 * work is CPU-bound, so running more at once does not finish sooner).
 */

/** How many images are worked on at once in this process. */
export const IMAGE_WORKERS = 2;

const running = new Map<string, Promise<Buffer>>();
const waiting: (() => void)[] = [];
let active = 0;

/**
 * Runs `make` for `key`, or joins the run already under way for it.
 * @example const bytes = await imageWork(variantKey, () => pipeline.toBuffer());
 */
export function imageWork(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const under = running.get(key);
  if (under) return under;
  const run = inSlot(make).finally(() => running.delete(key));
  running.set(key, run);
  return run;
}

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  while (active >= IMAGE_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  active++;
  try {
    return await work();
  } finally {
    active--;
    waiting.shift()?.();
  }
}
