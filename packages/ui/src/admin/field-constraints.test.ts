import { eq, f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { constraintText, exprText, fieldFacts, rangeText, referenceText } from './field-constraints';

describe('field constraints in words', () => {
  it.each([
    [1, 5, '', '1–5'],
    [5, 120, 'characters', '5–120 characters'],
    [undefined, 500, 'characters', 'at most 500 characters'],
    [2, undefined, 'items', 'at least 2 items'],
    [3, 3, '', 'exactly 3'],
    [undefined, undefined, '', ''],
  ])('rangeText(%s, %s, %s) is %s', (min, max, unit, words) => {
    expect(rangeText(min, max, unit)).toBe(words);
  });

  it('words a list by its items and each item', () => {
    expect(constraintText(f.list(f.text({ min: 1, max: 20 }), { max: 5 }))).toBe(
      'at most 5 items, each 1–20 characters',
    );
  });

  it('lists the facts of a field in a stable order', () => {
    expect(fieldFacts(f.text({ min: 2, max: 60, unique: true }))).toEqual([
      'required',
      '2–60 characters',
      'unique',
    ]);
    expect(fieldFacts(f.enum(['low', 'high'], { default: 'low', index: true }))).toEqual([
      'required',
      'one of Low, High',
      'default "low"',
      'indexed',
    ]);
    expect(fieldFacts(f.datetime({ optional: true, readOnly: true }))).toEqual(['set by the server']);
  });

  it('words a file field by its limits, pixels and variants, never as required', () => {
    const attachments = f.files({
      max: 5,
      maxBytes: 10 * 1_048_576,
      accept: ['image/png', 'application/pdf'],
      variants: { thumb: { width: 160, height: 160, fit: 'cover' } },
    });
    expect(constraintText(attachments)).toBe('PNG or PDF, up to 10 MiB each, at most 5 files');
    expect(fieldFacts(attachments)).toEqual([
      'PNG or PDF, up to 10 MiB each, at most 5 files',
      'images at most 40 megapixels',
      'image variants: thumb 160×160 cover',
      'uploaded through its files route, changed as the field is',
    ]);
    expect(fieldFacts(f.file({ maxPixels: 1_500_000 }))).toEqual([
      'any type, up to 10 MiB',
      'images at most 1.5 megapixels',
      'uploaded through its files route, changed as the field is',
    ]);
  });

  it('words defaults and computed values that are expressions', () => {
    expect(exprText({ kind: 'caller', prop: 'id' })).toBe('the caller');
    const due = fieldFacts(
      f.datetime({
        computed: {
          kind: 'addTime',
          base: { kind: 'field', name: 'createdAt' },
          amount: { kind: 'literal', value: 4 },
          unit: 'hours',
        } as never,
      }),
    );
    expect(due).toEqual([expect.stringMatching(/^computed: createdAt plus 4 hours$/)]);
  });

  it('words what a reference must point at', () => {
    expect(referenceText(f.text())).toBeUndefined();
    expect(
      referenceText(
        f.ref('users', { where: eq('role', 'agent'), error: 'ASSIGNEE_NOT_AGENT', onDelete: 'setNull' }),
      ),
    ).toBe('users where role is agent (else ASSIGNEE_NOT_AGENT); on delete: set to empty');
  });
});
