import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import type { App } from '../app/define-app';
import { countOf, now } from '../rules/expr';
import { and, eq, gt, inState, isNull, not, oneOf, related } from '../rules/rule';
import { type BrokenCase, type Draft, messagesAt } from './break-app';

type Unique = Draft<App>['entities'][string]['unique'][number];

/** The helpdesk with one unique declaration on tickets. */
const declare =
  (u: Partial<Unique>) =>
  (d: Draft<App>): void => {
    d.entities.tickets!.unique = [
      { name: 'subjectPerRequester', fields: ['requester', 'subject'], error: 'VALIDATION_FAILED', ...u },
    ];
  };

const at = 'entities.tickets.unique[0]';

const cases: BrokenCase[] = [
  {
    name: 'an unknown field',
    edit: declare({ fields: ['requester', 'subjct'] }),
    path: `${at}.fields[1]`,
    mentions: "unique constraint 'subjectPerRequester' names 'subjct', which is not a field of tickets",
  },
  {
    name: 'a list field',
    edit: declare({ fields: ['tags'] }),
    path: `${at}.fields[0]`,
    mentions: "names 'tags', a list field; only single values can be kept unique",
  },
  {
    name: 'a field named twice',
    edit: declare({ fields: ['subject', 'subject'] }),
    path: `${at}.fields[1]`,
    mentions: "names 'subject' twice",
  },
  { name: 'no fields', edit: declare({ fields: [] }), path: `${at}.fields`, mentions: 'names no fields' },
  {
    name: 'an undeclared error code',
    edit: declare({ error: 'SUBJECT_TAKEN' }),
    path: `${at}.error`,
    mentions: "'SUBJECT_TAKEN' is not a built-in or declared error code",
  },
  {
    name: 'an error whose message needs params',
    edit: declare({ error: 'OPEN_TICKET_LIMIT' }),
    path: `${at}.error`,
    mentions: 'uses {max}, but no params are given',
  },
  {
    name: 'a name that cannot be part of an index name',
    edit: declare({ name: 'subject per requester' }),
    path: `${at}.name`,
    mentions: "the unique constraint's name 'subject per requester' is not letters and digits",
  },
  {
    name: 'a where on an unknown state',
    edit: declare({ where: not(inState('gone')) }),
    path: `${at}.where`,
    mentions: "'gone', which is not a state of tickets",
  },
  {
    name: 'a where through a related record',
    edit: declare({ where: related('team', eq('name', 'Support')) }),
    path: `${at}.where`,
    mentions: 'uses related(), which an index cannot hold',
  },
  {
    name: 'a where reading the clock',
    edit: declare({ where: gt('dueAt', now()) }),
    path: `${at}.where`,
    mentions: 'compares field and now; its where may compare only a field with a value',
  },
  {
    name: 'a where over an aggregate',
    edit: declare({ where: eq(countOf('comments', 'ticket'), 0) }),
    path: `${at}.where`,
    mentions: 'compares aggregate and literal',
  },
];

describe('checkUniques', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('accepts fields compared with values, states, oneOf, isNull and their and/or/not', () => {
    const where = and(
      not(inState('closed', 'cancelled')),
      oneOf('priority', ['high', 'urgent']),
      not(isNull('team')),
    );
    for (const path of [at, `${at}.fields`, `${at}.where`, `${at}.error`, `${at}.name`])
      expect(messagesAt(helpdesk, declare({ where }), path)).toEqual([]);
  });

  it('reports a second constraint of the same name', () => {
    const edit = (d: Draft<App>) => {
      declare({})(d);
      d.entities.tickets!.unique.push({
        name: 'subjectPerRequester',
        fields: ['subject'],
        error: 'VALIDATION_FAILED',
      });
    };
    expect(messagesAt(helpdesk, edit, 'entities.tickets.unique[1].name')).toEqual([
      expect.stringContaining("a second unique constraint named 'subjectPerRequester'"),
    ]);
  });
});
