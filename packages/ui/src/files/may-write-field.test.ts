import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { mayWriteField } from './may-write-field';
import { attachableFields, newRecordGuess } from './use-attach-on-create';

// Through JSON, as the browser gets it from /api/meta.
const meta = JSON.parse(JSON.stringify(clientMeta(app)));
const alice = { role: 'customer', user: { id: 'u-alice' } };
const agent = { role: 'agent', user: { id: 'u-agent' } };

describe('who is offered to change a file field', () => {
  it("takes the record's $can when the page has it", () => {
    const ticket = { id: 't1', $can: { update: ['attachments'], delete: false, transitions: [] } };
    expect(mayWriteField(meta, 'tickets', ticket, 'attachments', alice)).toBe(true);
    const closed = { ...ticket, $can: { update: ['satisfaction'], delete: false, transitions: [] } };
    expect(mayWriteField(meta, 'tickets', closed, 'attachments', alice)).toBe(false);
  });

  it("judges a list row (a comment) by the role's update grant: its author only", () => {
    const mine = { id: 'c1', author: 'u-alice', internal: false };
    const theirs = { id: 'c2', author: 'u-agent', internal: false };
    expect(mayWriteField(meta, 'comments', mine, 'attachments', alice)).toBe(true);
    expect(mayWriteField(meta, 'comments', theirs, 'attachments', alice)).toBe(false);
    expect(mayWriteField(meta, 'comments', theirs, 'attachments', agent)).toBe(true);
    expect(mayWriteField(meta, 'comments', mine, 'body', alice)).toBe(false);
    expect(mayWriteField(meta, 'comments', mine, 'attachments', { role: 'anonymous', user: null })).toBe(
      false,
    );
  });

  it('offers attachments on a new comment to its author-to-be, whatever the role', () => {
    expect(newRecordGuess(meta.entities.comments.fields, alice)).toEqual({ author: 'u-alice' });
    expect(attachableFields(meta, 'comments', alice)).toEqual(['attachments']);
    expect(attachableFields(meta, 'comments', agent)).toEqual(['attachments']);
    // Articles have no file field.
    expect(attachableFields(meta, 'articles', agent)).toEqual([]);
  });
});
