import { describe, expect, it } from 'vitest';
import { invitableRoles, keyRoles, serviceRoles } from './account-roles';

const roles = {
  member: {},
  owner: { apiKeys: { roles: ['member', 'owner'] } },
  robot: { service: true },
  guest: { apiKeys: false as const },
};

describe('the account options of roles', () => {
  it.each([
    ['member', ['member']],
    ['owner', ['owner', 'member']],
    ['guest', []],
    ['nobody', []],
    ['constructor', []],
  ])('a key of %s may act as %j', (role, expected) => {
    expect(keyRoles(roles, role)).toEqual(expected);
  });

  it('invites into every role but a service role, whose accounts are listed apart', () => {
    expect(invitableRoles(roles)).toEqual(['member', 'owner', 'guest']);
    expect(serviceRoles(roles)).toEqual(['robot']);
    expect(serviceRoles({ member: {} })).toEqual([]);
  });
});
