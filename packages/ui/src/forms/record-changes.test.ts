import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { formData, recordValues } from './form-values';
import { editPatch, rebaseValues, recordChanges } from './record-changes';

const fields = clientMeta(app).entities.tickets!.fields;
const names = ['priority', 'category', 'assignee', 'tags'];

describe('record changes', () => {
  const opened = { priority: 'high', category: 'hardware', assignee: null, tags: ['vpn'] };
  const start = recordValues(fields, names, opened);

  it('patches only what the user changed, measured against the record as the form opened it', () => {
    const body = formData(fields, { ...start, tags: 'vpn, mac' });
    expect(editPatch(fields, names, body, start)).toEqual({ tags: ['vpn', 'mac'] });
  });

  // Measured against `start` (the record as the form opened), a field the user left alone is
  // never in the patch, whatever the live record says by then (issue #12 point 6).
  it('leaves out every field the user did not touch', () => {
    const body = formData(fields, { ...start, tags: 'vpn, printer' });
    const patch = editPatch(fields, names, body, start);
    expect(patch).not.toHaveProperty('priority');
    expect(patch).toEqual({ tags: ['vpn', 'printer'] });
  });

  it('sends a cleared field as null, and nothing for an edit that comes out the same', () => {
    expect(editPatch(fields, names, formData(fields, { ...start, tags: '' }), start)).toEqual({ tags: null });
    expect(editPatch(fields, names, formData(fields, { ...start, tags: ' vpn ,' }), start)).toEqual({});
  });

  it('lists the fields another writer changed, in field order, computed ones left out', () => {
    const theirs = { ...opened, tags: ['vpn', 'wifi'], priority: 'urgent', dueAt: '2030-01-01T00:00:00Z' };
    expect(recordChanges(fields, opened, theirs)).toEqual([
      { name: 'priority', before: 'high', after: 'urgent' },
      { name: 'tags', before: ['vpn'], after: ['vpn', 'wifi'] },
    ]);
    expect(recordChanges(fields, opened, { ...opened, assignee: undefined })).toEqual([]);
  });

  it('reloads to their values, keeping the user’s edits of fields they left alone', () => {
    const theirs = recordValues(fields, names, { ...opened, priority: 'urgent', category: 'billing' });
    const mine = { ...start, category: 'software', tags: 'vpn, mac' };
    expect(rebaseValues(names, start, mine, theirs)).toEqual({
      priority: 'urgent',
      // Both changed it: Reload takes theirs (Overwrite is the choice that keeps the user's).
      category: 'billing',
      assignee: '',
      tags: 'vpn, mac',
    });
  });
});
