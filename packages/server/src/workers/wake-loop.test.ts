import { describe, expect, it } from 'vitest';
import { WakeLoop } from './wake-loop';

const turn = () => new Promise((r) => setImmediate(r));

describe('WakeLoop', () => {
  it('coalesces the kicks of one turn into one pass', async () => {
    let passes = 0;
    const loop = new WakeLoop(
      async () => ++passes,
      () => {},
    );
    for (let i = 0; i < 5; i++) loop.kick();
    await turn();
    await loop.close();
    expect(passes).toBe(1);
  });

  it('runs once more after a pass that was woken while it ran', async () => {
    let passes = 0;
    let release: () => void = () => {};
    const loop = new WakeLoop(
      async () => {
        passes += 1;
        if (passes === 1) await new Promise<void>((r) => (release = r));
        return passes;
      },
      () => {},
    );
    loop.kick();
    await turn();
    loop.kick();
    await turn();
    release();
    await loop.run();
    await loop.close();
    expect(passes).toBeGreaterThanOrEqual(2);
  });

  it('runs passes one after another and waits for one in flight on close', async () => {
    const order: string[] = [];
    const loop = new WakeLoop(
      async () => {
        order.push('start');
        await new Promise((r) => setTimeout(r, 20));
        order.push('end');
        return 0;
      },
      () => {},
    );
    const both = Promise.all([loop.run(), loop.run()]);
    await loop.close();
    await both;
    expect(order).toEqual(['start', 'end', 'start', 'end']);
    loop.kick();
    await turn();
    expect(order).toHaveLength(4);
  });

  it('tells a failed pass to its error handler', async () => {
    const errors: unknown[] = [];
    const loop = new WakeLoop(
      () => Promise.reject(new Error('db gone')),
      (e) => errors.push(e),
    );
    loop.kick();
    await new Promise((r) => setTimeout(r, 10));
    await loop.close();
    expect(String(errors[0])).toMatch(/db gone/);
  });
});
