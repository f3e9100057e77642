import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { formData, initialValues, issuesByField, recordValues } from './form-values';

const fields = clientMeta(app).entities.tickets!.fields;

describe('form values', () => {
  it('starts from literal defaults and leaves expressions to the server', () => {
    expect(initialValues(fields, ['subject', 'priority', 'tags', 'requester'])).toEqual({
      subject: '',
      priority: 'normal',
      tags: '',
      requester: '',
    });
  });

  it('turns a record into input values and back into the same JSON', () => {
    const record = { priority: 'high', tags: ['vpn', 'mac'], satisfaction: 4, assignee: null };
    const names = ['priority', 'tags', 'satisfaction', 'assignee'];
    const values = recordValues(fields, names, record);
    expect(values).toEqual({ priority: 'high', tags: 'vpn, mac', satisfaction: '4', assignee: '' });
    expect(formData(fields, values)).toEqual({ priority: 'high', tags: ['vpn', 'mac'], satisfaction: 4 });
  });

  it('never puts a file field into a body, nor gives it an input value', () => {
    const record = {
      priority: 'low',
      attachments: [{ id: 'f1', name: 'a.png', size: 3, type: 'image/png', url: '/x' }],
    };
    const names = ['priority', 'attachments'];
    expect(initialValues(fields, names)).toEqual({ priority: 'normal' });
    expect(recordValues(fields, names, record)).toEqual({ priority: 'low' });
    // Even when something holds a value for it, the body leaves it out (the server would refuse it).
    expect(formData(fields, { priority: 'low', attachments: 'a.png' })).toEqual({ priority: 'low' });
  });

  it('shares issues out to the inputs shown, by the first segment of their path', () => {
    const { byField, other } = issuesByField(
      [
        { path: 'tags.2', message: 'Too long.' },
        { path: 'team', message: 'Unknown team.' },
      ],
      ['tags'],
    );
    expect(byField).toEqual({ tags: ['Too long.'] });
    expect(other).toEqual([{ path: 'team', message: 'Unknown team.' }]);
  });
});
