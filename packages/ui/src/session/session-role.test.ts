import { describe, expect, it } from 'vitest';
import { sessionRole } from './session-role';

describe('the role the UI offers things by', () => {
  it.each([
    [{ role: 'member', actingRole: 'visitor' }, 'visitor'],
    [{ role: 'member' }, 'member'],
    [{ role: 'member', actingRole: undefined }, 'member'],
    [null, 'anonymous'],
    [undefined, 'anonymous'],
  ])('%j acts as %s', (user, role) => {
    expect(sessionRole(user)).toBe(role);
  });
});
