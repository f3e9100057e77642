import { f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { fieldHint } from './field-hint';

describe('field hints', () => {
  it("says a file field's types, size and count before a file is chosen", () => {
    expect(fieldHint(f.files({ max: 5, accept: ['image/*', 'application/pdf'] }))).toBe(
      'Images or PDF, up to 10 MiB each, at most 5 files',
    );
    expect(fieldHint(f.file({ maxBytes: 2_000_000, description: 'A photo of you' }))).toBe(
      'A photo of you. Any type, up to 1.9 MiB',
    );
  });

  it('keeps the hints of other fields', () => {
    expect(fieldHint(f.text({ min: 5, max: 120 }))).toBe('5–120 characters');
    expect(fieldHint(f.list(f.text(), { max: 5 }))).toBe('Separate with commas; at most 5');
  });
});
