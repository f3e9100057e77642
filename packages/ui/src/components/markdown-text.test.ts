import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './markdown-text';

describe('markdownBlocks', () => {
  it('reads headings, lists and paragraphs', () => {
    const text = 'Intro line\ncontinues.\n\n1. One\n2. Two\n\n## Tips\n- a\n- b';
    expect(markdownBlocks(text)).toEqual([
      { kind: 'paragraph', text: 'Intro line\ncontinues.' },
      { kind: 'list', ordered: true, items: ['One', 'Two'] },
      { kind: 'heading', level: 2, text: 'Tips' },
      { kind: 'list', ordered: false, items: ['a', 'b'] },
    ]);
  });

  it('keeps markup as text: nothing is ever HTML', () => {
    expect(markdownBlocks('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'paragraph', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});
