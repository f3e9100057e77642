import { describe, expect, it } from 'vitest';
import { capitalize, singular } from './singular';

describe('singular', () => {
  it.each([
    ['Tickets', 'ticket'],
    ['Categories', 'category'],
    ['Knowledge base', 'knowledge base'],
    ['Address', 'address'],
  ])('%s → %s', (label, one) => {
    expect(singular(label)).toBe(one);
  });

  it('capitalizes the first letter only', () => {
    expect(capitalize('ticket is now open.')).toBe('Ticket is now open.');
  });
});
