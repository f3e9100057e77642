import { describe, expect, it } from 'vitest';
import { invitableRoles, serviceRoles } from './invitable-roles';

describe('roles for invitations and service accounts', () => {
  const roles = { member: {}, owner: { admin: true }, robot: { service: true } };
  it('invites people into every role but a service role', () => {
    expect(invitableRoles(roles)).toEqual(['member', 'owner']);
  });
  it('finds the service roles', () => {
    expect(serviceRoles(roles)).toEqual(['robot']);
    expect(serviceRoles({ member: {} })).toEqual([]);
  });
});
