import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import app from '../../../../examples/helpdesk/app';
import { stateTone } from './state-badge';

const tickets = clientMeta(app).entities.tickets!;

describe('stateTone', () => {
  it.each([
    ['new', 'new'],
    ['open', 'active'],
    ['pending', 'waiting'],
    ['resolved', 'done'],
    ['closed', 'final'],
    ['cancelled', 'final'],
    ['nonsense', 'neutral'],
  ])('%s is %s', (state, tone) => {
    expect(stateTone(tickets, state)).toBe(tone);
  });
});
