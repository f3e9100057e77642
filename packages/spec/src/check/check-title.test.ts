import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { breakApp, messagesAt } from './break-app';
import { checkApp } from './check-app';

const at = 'entities.comments.title';

const refused: [string, string, string][] = [
  ['an unknown field', 'bdy', "the title names 'bdy', which is not a field of comments"],
  [
    'a path through a field that is no reference',
    'body.length',
    "'body' is a longText field, not a reference",
  ],
  [
    'a path to a field the referenced entity lacks',
    'ticket.subjct',
    "'subjct', which is not a field of tickets",
  ],
  ['a path deeper than one reference', 'ticket.requester.name', 'deeper than one reference'],
  [
    'a template placeholder on an unknown field',
    'On {tickt.subject}',
    "'tickt', which is not a field of comments",
  ],
  ['a template with an unclosed brace', '{ticket.subject} by {author.name', 'unbalanced brace'],
  ['a template with a stray closing brace', 'ticket.subject}', 'unbalanced brace'],
  ['a template with nested braces', '{{ticket.subject}}', 'unbalanced brace'],
  ['a template with an empty placeholder', 'Comment {}', 'an empty placeholder'],
  ['words with no placeholder', 'A comment', 'names no field'],
];

describe('checkTitle', () => {
  it.each(refused)('refuses %s', (_, title, mentions) => {
    const messages = messagesAt(
      helpdesk,
      (d) => {
        d.entities.comments!.title = title;
      },
      at,
    );
    expect(messages).toEqual([expect.stringContaining(mentions)]);
  });

  it.each([
    ['a field', 'body'],
    ['a system field', 'createdAt'],
    ['a path through a reference', 'ticket.subject'],
    ['a template of paths and fields', '{author.name} on {ticket.subject} ({createdAt})'],
    ['a path to a system field of the referenced record', 'ticket.id'],
  ])('accepts %s', (_, title) => {
    const app = breakApp(helpdesk, (d) => {
      d.entities.comments!.title = title;
    });
    expect(checkApp(app).problems).toEqual([]);
  });
});
