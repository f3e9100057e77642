import { describe, expect, it } from 'vitest';
import { durationMs, testClock } from './test-clock';

describe('testClock', () => {
  it('runs with real time until set, then stays where it was put', () => {
    const clock = testClock();
    expect(clock.frozen).toBe(false);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    clock.set('2030-01-01T00:00:00Z');
    expect(clock.frozen).toBe(true);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(clock.advance({ days: 1, hours: 2, minutes: 3, seconds: 4, ms: 5 }).toISOString()).toBe(
      '2030-01-02T02:03:04.005Z',
    );
    expect(clock.advance(-5).toISOString()).toBe('2030-01-02T02:03:04.000Z');
  });

  it('advances a running clock by an offset, and resumes from where it stands', () => {
    const clock = testClock();
    clock.advance({ hours: 2 });
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(2 * 3_600_000 - 1000);
    clock.set('2030-06-01T12:00:00Z');
    clock.resume();
    expect(clock.frozen).toBe(false);
    expect(Math.abs(clock.now().getTime() - Date.parse('2030-06-01T12:00:00Z'))).toBeLessThan(1000);
  });

  it('refuses a moment that is not one', () => {
    expect(() => testClock('not a date')).toThrow(/Not a moment/);
  });

  it.each([
    [1500, 1500],
    [{ minutes: 1, seconds: 30 }, 90_000],
    [{}, 0],
  ])('durationMs(%j) is %d', (by, ms) => {
    expect(durationMs(by)).toBe(ms);
  });
});
