import { NinefoldError } from '@ninefold/client';
import { describe, expect, it } from 'vitest';
import { fieldProblems, problemCode, problemMessage } from './problem-message';

const problem = (status: number, code: string, extra: object = {}) =>
  new NinefoldError({
    type: `urn:ninefold:problem:${code}`,
    title: 'Title.',
    status,
    code,
    detail: 'The server says.',
    ...extra,
  });

const catalogue = {
  OPEN_TICKET_LIMIT: { status: 409, message: 'You can have at most {max} open tickets.' },
  UNAVAILABLE: { status: 503, message: 'The service is not available. Try again in a moment.' },
};

describe('the words of a failure, read from the client’s NinefoldError', () => {
  it('fills the catalogue’s template with the problem’s parameters', () => {
    const e = problem(409, 'OPEN_TICKET_LIMIT', { params: { max: 5 } });
    expect(problemCode(e)).toBe('OPEN_TICKET_LIMIT');
    expect(problemMessage(e, catalogue)).toBe('You can have at most 5 open tickets.');
  });

  it('says the server’s words when the template lacks its parameters', () => {
    expect(problemMessage(problem(409, 'OPEN_TICKET_LIMIT'), catalogue)).toBe('The server says.');
  });

  it('says a proxy’s page in the catalogue’s words for its status', () => {
    // The client reads a 502 HTML page as UNAVAILABLE (codeForStatus).
    expect(problemMessage(problem(502, 'UNAVAILABLE'), catalogue)).toBe(catalogue.UNAVAILABLE.message);
  });

  it('lists the failing fields', () => {
    const errors = [{ path: 'subject', code: 'too_short', message: 'Subject is too short.' }];
    expect(fieldProblems(problem(422, 'VALIDATION_FAILED', { errors }))).toEqual(errors);
    expect(fieldProblems(new Error('a bug'))).toEqual([]);
  });

  it('calls anything else a bug in the page', () => {
    expect(problemCode(new TypeError('x'))).toBeUndefined();
    expect(problemMessage(new TypeError('x'))).toBe(
      'Something went wrong in the browser. Reload and try again.',
    );
  });
});
