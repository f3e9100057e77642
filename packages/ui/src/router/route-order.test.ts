import { describe, expect, it } from 'vitest';
import { byRouteSpecificity } from './route-order';

describe('byRouteSpecificity', () => {
  it('puts fixed segments before parameters, whatever the order given', () => {
    const routes = ['/tickets/:id', '/', '/tickets/board', '/files/*', '/tickets', '/tickets/new'];
    const sorted = [...routes].sort(byRouteSpecificity);
    expect(sorted.indexOf('/tickets/board')).toBeLessThan(sorted.indexOf('/tickets/:id'));
    expect(sorted.indexOf('/tickets/new')).toBeLessThan(sorted.indexOf('/tickets/:id'));
    expect(sorted.indexOf('/files/*')).toBeGreaterThan(-1);
  });
});
