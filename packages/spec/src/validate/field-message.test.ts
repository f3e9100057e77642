import { describe, expect, it } from 'vitest';
import { FIELD_ISSUE_CODES, type FieldIssueCode } from '../errors/builtin-errors';
import { fieldLabel, fieldMessage, type MessageParams } from './field-message';

const cases: [FieldIssueCode, string, MessageParams, string][] = [
  ['required', 'Subject', {}, 'Subject is required.'],
  ['type', 'Satisfaction', { type: 'integer' }, 'Satisfaction must be a number.'],
  ['type', 'Tags', { type: 'list' }, 'Tags must be a list.'],
  ['type', 'The data', {}, 'The data must be an object.'],
  ['too_short', 'Subject', { min: 5 }, 'Subject must be at least 5 characters.'],
  ['too_short', 'Body', { min: 1 }, 'Body must be at least 1 character.'],
  ['too_long', 'Subject', { max: 120 }, 'Subject must be at most 120 characters.'],
  ['too_small', 'Satisfaction', { min: 1 }, 'Satisfaction must be at least 1.'],
  ['too_big', 'Satisfaction', { max: 5 }, 'Satisfaction must be at most 5.'],
  ['pattern', 'Code', {}, 'Code is not in the expected format.'],
  ['email', 'Email', {}, 'Email must be a valid email address.'],
  [
    'enum',
    'Priority',
    { values: ['low', 'normal', 'high', 'urgent'] },
    'Priority must be one of low, normal, high, urgent.',
  ],
  ['not_integer', 'Satisfaction', {}, 'Satisfaction must be a whole number.'],
  ['too_many', 'Tags', { max: 5 }, 'Tags can have at most 5 items.'],
  ['too_many', 'Tags', { max: 1 }, 'Tags can have at most 1 item.'],
  ['unknown_field', 'foo', {}, "Unknown field 'foo'."],
  ['read_only', 'Status', {}, 'Status cannot be written.'],
  ['immutable', 'Ticket', {}, 'Ticket cannot be changed once set.'],
  ['unique', 'Email', {}, 'Email is already taken.'],
  ['rule', 'Team', {}, 'Team breaks a rule of this record.'],
  ['reference', 'Assignee', {}, 'Assignee must be the id of a record.'],
  ['type', 'Due', { type: 'date' }, 'Due must be a date that exists, such as 2025-01-31.'],
  [
    'type',
    'Website',
    { type: 'url' },
    'Website must be a web address starting with http:// or https://, such as https://example.com.',
  ],
  ['too_small', 'Due', { min: '2026-01-01' }, 'Due must be on or after 2026-01-01.'],
  ['too_big', 'Due', { max: '2026-12-31' }, 'Due must be on or before 2026-12-31.'],
  ['enum', 'Minutes', { values: [15, 30, 45] }, 'Minutes must be one of 15, 30, 45.'],
  [
    'file_type',
    'Attachments',
    { values: ['image/*', 'application/pdf'] },
    'Attachments does not accept this type of file (it takes image/*, application/pdf).',
  ],
  ['file_type', 'Avatar', {}, 'Avatar does not accept this type of file.'],
  [
    'too_many_pixels',
    'Attachments',
    { max: 40_000_000 },
    'Attachments takes images of at most 40000000 pixels.',
  ],
  ['too_many', 'Attachments', { max: 5 }, 'Attachments can have at most 5 items.'],
];

describe('fieldMessage', () => {
  it.each(cases)('%s for %s', (code, label, params, message) => {
    expect(fieldMessage(code, label, params)).toBe(message);
  });

  it('has a message for every issue code', () => {
    expect(new Set(cases.map(([code]) => code))).toEqual(new Set(FIELD_ISSUE_CODES));
  });
});

describe('fieldLabel', () => {
  it.each([
    ['dueAt', { label: 'Due' }, 'Due'],
    ['resolvedAt', undefined, 'Resolved at'],
    ['subject', {}, 'Subject'],
  ])('names %s', (name, field, label) => {
    expect(fieldLabel(name, field)).toBe(label);
  });
});
