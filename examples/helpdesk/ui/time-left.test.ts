import { describe, expect, it } from 'vitest';
import { roughDuration, timeLeft } from './time-left';

const at = (iso: string) => Date.parse(iso);

describe('timeLeft', () => {
  it.each([
    ['2025-01-01T12:00Z', '2025-01-01T10:00Z', 4, 'due in 2 h', 'ok'],
    ['2025-01-01T12:00Z', '2025-01-01T11:30Z', 4, 'due in 30 min', 'soon'],
    ['2025-01-04T12:00Z', '2025-01-01T12:00Z', 72, 'due in 3 d', 'ok'],
    ['2025-01-01T10:00Z', '2025-01-01T12:30Z', 4, 'overdue by 3 h', 'overdue'],
    ['2025-01-01T12:10Z', '2025-01-01T12:00Z', 24, 'due in 10 min', 'soon'],
  ])('due %s, now %s, SLA %i h: %s', (due, now, sla, text, urgency) => {
    expect(timeLeft(at(due), at(now), sla)).toEqual({ text, urgency });
  });

  it('never says "0 min"', () => {
    expect(roughDuration(10_000)).toBe('1 min');
  });
});
