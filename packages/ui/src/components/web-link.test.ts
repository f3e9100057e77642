import { f } from '@ninefold/spec';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { choicesOf } from './field-input';
import { WebLink } from './web-link';

const html = (href: string) => renderToStaticMarkup(createElement(WebLink, { href }));

describe('WebLink', () => {
  it('links an http(s) address in a new tab that tells the other site nothing', () => {
    expect(html('https://example.com/a?b=1&c=2')).toBe(
      '<a class="web-address" href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a?b=1&amp;c=2</a>',
    );
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>x</script>',
    '/relative',
    'ftp://x.org/',
  ])('shows %s as text, never as a link', (href) => {
    const out = html(href);
    expect(out).not.toContain('<a');
    expect(out).not.toContain('href');
    expect(out).not.toContain('<script>');
  });
});

describe('choicesOf', () => {
  it('offers an enum by label and an integer by its choices, in order', () => {
    expect(choicesOf(f.enum(['low', 'very_high']))).toEqual([
      ['low', 'Low'],
      ['very_high', 'Very high'],
    ]);
    expect(choicesOf(f.integer({ choices: [60, 15, 30] }))).toEqual([
      ['60', '60'],
      ['15', '15'],
      ['30', '30'],
    ]);
    expect(choicesOf(f.integer())).toBeUndefined();
  });
});
