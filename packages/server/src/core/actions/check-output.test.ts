import { f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { ActionOutputError, checkOutput } from './check-output';

const OUTPUT = { id: f.text(), count: f.integer(), note: f.text({ optional: true }) };
const SECRET = 'the hidden value';

describe('checkOutput', () => {
  it.each([
    {
      what: 'the declared fields',
      result: { id: 'a', count: 2, note: null },
      value: { id: 'a', count: 2, note: null },
    },
    { what: 'an optional field left out', result: { id: 'a', count: 2 }, value: { id: 'a', count: 2 } },
  ])('answers $what as declared', ({ result, value }) => {
    expect(checkOutput('act', OUTPUT, result)).toEqual(value);
  });

  it.each([
    {
      what: 'an undeclared field',
      result: { id: 'a', count: 1, secret: SECRET },
      problems: ['secret: unknown_field'],
    },
    { what: 'a value of the wrong type', result: { id: SECRET, count: SECRET }, problems: ['count: type'] },
    { what: 'a missing field', result: { count: 1 }, problems: ['id: required'] },
    { what: 'no object at all', result: SECRET, problems: ['(result): type'] },
  ])('refuses $what, naming the paths and never the values', ({ result, problems }) => {
    let thrown: unknown;
    try {
      checkOutput('act', OUTPUT, result);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ActionOutputError);
    expect((thrown as ActionOutputError).problems).toEqual(problems);
    expect((thrown as Error).message).toContain("action 'act'");
    expect((thrown as Error).message).not.toContain(SECRET);
  });
});
