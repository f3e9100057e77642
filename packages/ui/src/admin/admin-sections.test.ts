import { describe, expect, it } from 'vitest';
import { type AdminSection, adminSections } from './admin-sections';

const Panel = () => null;
const Regions = () => null;
const Ours = () => null;
const BUILT_IN: AdminSection[] = [
  { id: 'users', label: 'Users and roles', Panel },
  { id: 'schema', label: 'Schema', Panel },
  { id: 'audit', label: 'Audit log', Panel },
];

describe('adminSections', () => {
  it("is the console's own tabs when the app adds none", () => {
    expect(adminSections(BUILT_IN).map((s) => s.id)).toEqual(['users', 'schema', 'audit']);
  });

  it("puts the app's panels after the people, in the order the app lists them", () => {
    const sections = adminSections(BUILT_IN, {
      regions: { title: 'Regions', component: Regions },
      plans: { title: 'Plans', component: Panel },
    });
    expect(sections.map((s) => [s.id, s.label])).toEqual([
      ['users', 'Users and roles'],
      ['regions', 'Regions'],
      ['plans', 'Plans'],
      ['schema', 'Schema'],
      ['audit', 'Audit log'],
    ]);
    expect(sections[1]?.Panel).toBe(Regions);
  });

  it('replaces a built-in tab of the same id in its place', () => {
    const sections = adminSections(BUILT_IN, { audit: { title: 'History', component: Ours } });
    expect(sections.map((s) => s.label)).toEqual(['Users and roles', 'Schema', 'History']);
    expect(sections[2]?.Panel).toBe(Ours);
  });
});
