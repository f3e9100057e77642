import app from '@ninefold/example-helpdesk';
import { clientMeta, validateFields, validatorFor } from '@ninefold/spec';
import type { FieldError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorMessages, fieldError, placeIssues, UNPLACED, unplacedIssues } from './field-errors';
import type { FormValues } from './form-values';
import { specResolver } from './spec-resolver';

const tickets = clientMeta(app).entities.tickets!;
const validator = validatorFor(tickets);
const options = { fields: {}, shouldUseNativeValidation: undefined };

async function resolve(names: readonly string[], values: FormValues, writable = names) {
  return specResolver(tickets.fields, names, (body) => validator.create(body, writable))(
    values,
    undefined,
    options,
  );
}

describe('spec resolver', () => {
  it('names every failing field at once, in the validator’s words', async () => {
    const { values, errors } = await resolve(['subject', 'description'], { subject: '', description: '' });
    expect(values).toEqual({});
    expect(errorMessages(errors.subject as FieldError)).toEqual(['Subject is required.']);
    expect(errorMessages(errors.description as FieldError)).toEqual(['Description is required.']);
  });

  it('judges what is typed as the server would', async () => {
    const { errors } = await resolve(['subject', 'description'], { subject: 'abc', description: 'Fine.' });
    expect(Object.keys(errors)).toEqual(['subject']);
    expect(errorMessages(errors.subject as FieldError)).toEqual(['Subject must be at least 5 characters.']);
  });

  it('hands the submit the JSON body the server gets, leaving empty inputs out', async () => {
    const names = ['subject', 'description', 'priority', 'tags', 'satisfaction'];
    const writable = [...names];
    const { values, errors } = await resolve(
      names,
      {
        subject: 'Printer smoking',
        description: 'Since the jam.',
        priority: 'high',
        tags: 'a, b',
        satisfaction: '',
      },
      writable,
    );
    expect(errors).toEqual({});
    expect(values).toEqual({
      subject: 'Printer smoking',
      description: 'Since the jam.',
      priority: 'high',
      tags: ['a', 'b'],
    });
  });

  it('keeps issues of fields without an input for the form’s alert', async () => {
    // `description` is required but this form shows no input for it.
    const { errors } = await resolve(['subject'], { subject: 'Printer smoking' }, ['subject', 'description']);
    expect(errors.subject).toBeUndefined();
    expect(unplacedIssues(errors)).toEqual([{ path: 'description', message: 'Description is required.' }]);
  });

  it('works with validateFields for forms outside an entity’s writes', async () => {
    const users = clientMeta(app).entities.users!.fields;
    const email = { email: users.email! };
    const resolver = specResolver(email, ['email'], (body) =>
      validateFields(email, body, { mode: 'create' }),
    );
    const { errors } = await resolver({ email: 'not an email' }, undefined, options);
    expect(errorMessages(errors.email as FieldError)?.length).toBe(1);
  });
});

describe('server issues', () => {
  it('go beside their inputs, every message kept, the rest together for the alert', () => {
    const set: Record<string, FieldError> = {};
    const placed = placeIssues(
      (name, error) => {
        set[name] = error;
      },
      'server',
      [
        { path: 'tags.2', message: 'Too long.' },
        { path: 'tags.3', message: 'Too short.' },
        { path: 'team', message: 'Unknown team.' },
      ],
      ['tags'],
    );
    expect(placed).toBe(false);
    expect(errorMessages(set.tags)).toEqual(['Too long.', 'Too short.']);
    expect(unplacedIssues({ root: { unplaced: set[UNPLACED]! } })).toEqual([
      { path: 'team', message: 'Unknown team.' },
    ]);
  });

  it('say so when every one found its input', () => {
    expect(placeIssues(() => {}, 'server', [{ path: 'subject', message: 'Taken.' }], ['subject'])).toBe(true);
    expect(errorMessages(fieldError('server', []))).toBeUndefined();
  });
});
