import type { MetaAnswer } from '@ninefold/spec';
import { defineApp, entity, f, metaAnswer, users } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { userRefFields } from './user-ref-fields';

// An app of its own: members in a region, with a mentor and a badge set only by the system.
const regions = entity({ label: 'Regions', title: 'name', fields: { name: f.text({ label: 'Name' }) } });
const app = defineApp({
  about: { name: 'Club', summary: 'Members and their regions.', audience: { member: 'Members.' } },
  roles: {
    member: { label: 'Member', signUp: true },
    owner: { label: 'Owner', admin: true },
    clerk: { label: 'Clerk', admin: true },
  },
  entities: {
    regions,
    users: users({
      fields: {
        region: f.ref('regions', { optional: true, label: 'Region' }),
        mentor: f.ref('users'),
        badge: f.ref('regions', { optional: true, readOnly: true }),
        nickname: f.text({ optional: true }),
      },
      access: {
        update: { member: { fields: ['name'] }, clerk: { fields: ['region'] } },
      },
    }),
  },
  screens: { home: { route: '/', kind: 'dashboard', title: 'Home' } },
});
const meta = JSON.parse(JSON.stringify(metaAnswer(app))) as MetaAnswer;

describe('userRefFields', () => {
  it("is the users' own writable references, for an admin who may update them", () => {
    // Regression (review of #14): a required reference was offered "No mentor", always refused.
    expect(userRefFields(meta, 'owner')).toEqual([
      { field: 'region', label: 'Region', entity: 'regions', optional: true },
      { field: 'mentor', label: 'Mentor', entity: 'users', optional: false },
    ]);
  });

  it('keeps to the fields the role may update', () => {
    expect(userRefFields(meta, 'clerk')).toEqual([
      { field: 'region', label: 'Region', entity: 'regions', optional: true },
    ]);
    expect(userRefFields(meta, 'member')).toEqual([]);
    expect(userRefFields(meta, 'anonymous')).toEqual([]);
  });
});
