import { describe, expect, it } from 'vitest';
import { article, listNames, notA, which } from './describe-names';

const states = ['new', 'open', 'pending', 'resolved', 'closed', 'cancelled'];

describe('notA and which', () => {
  it.each([
    [
      'a typo',
      'opne',
      states,
      "'opne' is not a state (states: new, open, pending, resolved, closed, cancelled) — did you mean 'open'?",
    ],
    ['a swap of neighbours', 'agnet', ['customer', 'agent'], "— did you mean 'agent'?"],
    ['a case slip', 'Open', states, "did you mean 'open'?"],
    [
      'nothing close',
      'archived',
      states,
      "'archived' is not a state (states: new, open, pending, resolved, closed, cancelled)",
    ],
    ['no names at all', 'x', [], "'x' is not a state (there are no states)"],
  ])('words %s', (_, name, known, expected) => {
    expect(notA(name, 'a state', known, 'states')).toContain(expected);
  });

  it.each([
    ['archived', states, false],
    ['pendng', states, true],
  ])('suggests a name for %s only when one is close: %s', (name, known, suggests) => {
    expect(notA(name, 'a state', known, 'states').includes('did you mean')).toBe(suggests);
  });

  it('ends a sentence with which', () => {
    expect(`goes to ${which('opened', 'a state of tickets', states, 'states')}`).toBe(
      "goes to 'opened', which is not a state of tickets (states: new, open, pending, resolved, closed, cancelled) — did you mean 'open'?",
    );
  });
});

describe('listNames', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b', 'c'], 'a, b, c'],
    [Array.from({ length: 12 }, (_, i) => `n${i}`), 'n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, …'],
  ])('lists %j as %j', (names, expected) => {
    expect(listNames(names)).toBe(expected);
  });
});

describe('article', () => {
  it.each([
    ['enum', 'an enum'],
    ['longText', 'a longText'],
    ['integer', 'an integer'],
  ])('puts the article before %s', (word, expected) => {
    expect(article(word)).toBe(expected);
  });
});
