import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import { clientMeta } from './client-meta';
import { recordTitle, shortId, titleFields, titleParts, titleRefs } from './record-title';

const ID = '0191f6a2-7c3e-7d4a-9b1c-2e3f4a5b6c7d';
const fields = {
  book: f.ref('books'),
  borrower: f.ref('users', { optional: true }),
  note: f.text({ optional: true }),
  days: f.integer(),
};
const loans = (title?: string) => ({ fields, ...(title === undefined ? {} : { title }) });
const book = { id: 'b1', title: 'Dune' };
const ann = { id: 'u1', name: 'Ann' };

describe('titleParts', () => {
  it.each([
    ['subject', [{ field: 'subject' }]],
    ['book.title', [{ field: 'book', sub: 'title' }]],
    [
      '{book.title} for {borrower.name}',
      [{ field: 'book', sub: 'title' }, ' for ', { field: 'borrower', sub: 'name' }],
    ],
    ['Loan {note}', ['Loan ', { field: 'note' }]],
    ['{ book.title }', [{ field: 'book', sub: 'title' }]],
    ['{a', undefined],
    ['a}', undefined],
    ['{{a}}', undefined],
  ])('%s', (title, parts) => {
    expect(titleParts(title)).toEqual(parts);
  });
});

describe('titleRefs and titleFields', () => {
  it.each([
    ['note', [], ['note']],
    ['book.title', ['book'], ['book']],
    ['{book.title} for {borrower.name} ({book.id})', ['book', 'borrower'], ['book', 'borrower']],
    ['{note.length}', [], ['note']],
    [undefined, [], []],
  ])('%s', (title, refs, own) => {
    expect(titleRefs(loans(title))).toEqual(refs);
    expect(titleFields(loans(title))).toEqual(own);
  });
});

describe('recordTitle', () => {
  const loan = { id: ID, book: 'b1', borrower: 'u1', note: 'Summer', days: 14 };
  const cases: [string, string | undefined, Record<string, unknown>, object | undefined, string][] = [
    ['a field', 'note', loan, undefined, 'Summer'],
    ['a number field', 'days', loan, undefined, '14'],
    ['a path through a reference', 'book.title', loan, { book }, 'Dune'],
    ['a template', '{book.title} for {borrower.name}', loan, { book, borrower: ann }, 'Dune for Ann'],
    [
      'a template reads $expand by default',
      '{book.title} for {borrower.name}',
      { ...loan, $expand: { book, borrower: ann } },
      undefined,
      'Dune for Ann',
    ],
    [
      'a part hidden by a read rule',
      '{book.title} for {borrower.name}',
      loan,
      { book, borrower: null },
      'Dune for …',
    ],
    ['a part not loaded yet', '{book.title} for {borrower.name}', loan, { borrower: ann }, '… for Ann'],
    ['nothing known', '{book.title} for {borrower.name}', loan, {}, shortId(ID)],
    ['an empty field', 'note', { id: ID, note: '' }, undefined, '#5b6c7d'],
    ['a path through a field that is no reference', 'note.x', loan, { note: { x: 'leak' } }, '#5b6c7d'],
    ['no title and no name field', undefined, loan, undefined, '#5b6c7d'],
    ['unbalanced braces', '{book.title', loan, { book }, '#5b6c7d'],
  ];
  it.each(cases)('%s', (_, title, record, expanded, text) => {
    expect(recordTitle(loans(title), record, expanded as never)).toBe(text);
  });

  it('falls back to what the caller gives when nothing is known', () => {
    expect(recordTitle(loans('note'), { id: ID }, undefined, 'Loan')).toBe('Loan');
    expect(recordTitle(loans('note'), { id: ID, note: 'Hi' }, undefined, 'Loan')).toBe('Hi');
  });

  it('names a record by its name field when the entity declares no title', () => {
    expect(recordTitle({ fields: { name: f.text() } }, { id: ID, name: 'North' })).toBe('North');
  });

  it('reads the title as /api/meta sends it', () => {
    const meta = clientMeta(helpdesk);
    const ticket = { id: ID, subject: 'Printer on fire' };
    expect(recordTitle(meta.entities.tickets!, ticket)).toBe('Printer on fire');
    expect(recordTitle(meta.entities.users!, { id: ID, name: 'Priya' })).toBe('Priya');
  });
});
