import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { constant, now } from '../rules/expr';
import { inState } from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'a quota on an unknown entity',
    edit: (d) => {
      d.limits.quotas.openTickets!.entity = 'tikets';
    },
    path: 'limits.quotas.openTickets.entity',
    mentions: "quota 'openTickets' counts 'tikets', which is not an entity of the app",
  },
  {
    name: 'a quota owner that is not a reference to users',
    edit: (d) => {
      d.limits.quotas.openTickets!.owner = 'team';
    },
    path: 'limits.quotas.openTickets.owner',
    mentions: "counts per 'team', which is not a reference to users in tickets",
  },
  {
    name: 'a quota counting an unknown state',
    edit: (d) => {
      d.limits.quotas.openTickets!.where = inState('new', 'opened');
    },
    path: 'limits.quotas.openTickets.where',
    mentions: "'opened', which is not a state of tickets",
  },
  {
    name: 'a quota for an undeclared role',
    edit: (d) => {
      d.limits.quotas.openTickets!.roles = ['customers'];
    },
    path: 'limits.quotas.openTickets.roles[0]',
    mentions: "'customers' is not a role of the app",
  },
  {
    name: 'a quota with an unknown error code',
    edit: (d) => {
      d.limits.quotas.openTickets!.error = 'OPEN_TICKETS_LIMIT';
    },
    path: 'limits.quotas.openTickets.error',
    mentions: "'OPEN_TICKETS_LIMIT' is not a built-in or declared error code",
  },
  {
    name: 'a quota error whose message needs more than {max} and {limit}',
    edit: (d) => {
      d.limits.quotas.openTickets!.error = 'REOPEN_WINDOW_EXPIRED';
    },
    path: 'limits.quotas.openTickets.error',
    mentions: 'uses {days}, but only {max}, {limit} are given',
  },
  {
    name: 'a quota max from an unknown constant',
    edit: (d) => {
      d.limits.quotas.openTickets!.max = constant('MAX_OPEN_TICKETS');
    },
    path: 'limits.quotas.openTickets.max',
    mentions: "'MAX_OPEN_TICKETS', which is not a declared constant",
  },
  {
    name: 'a quota max from a constant that is not a number',
    edit: (d) => {
      d.limits.quotas.openTickets!.max = constant('SLA_HOURS');
    },
    path: 'limits.quotas.openTickets.max',
    mentions: "constant 'SLA_HOURS', which is not a number",
  },
  {
    name: 'a quota max that is neither a number nor a constant',
    edit: (d) => {
      d.limits.quotas.openTickets!.max = now();
    },
    path: 'limits.quotas.openTickets.max',
    mentions: 'give a number or a constant',
  },
  {
    name: 'a rate window that does not parse',
    edit: (d) => {
      d.limits.rates.customerWrites!.window = '1 minute' as '1m';
      d.limits.rates.customerWrites!.windowSeconds = Number.NaN;
    },
    path: 'limits.rates.customerWrites.window',
    mentions: "the window '1 minute' is not a duration",
  },
  {
    name: 'a rate for an undeclared role',
    edit: (d) => {
      d.limits.rates.customerWrites!.roles = ['guest'];
    },
    path: 'limits.rates.customerWrites.roles[0]',
    mentions: "'guest' is not a role of the app",
  },
  {
    name: 'a rate allowing no requests',
    edit: (d) => {
      d.limits.rates.customerWrites!.max = 0;
    },
    path: 'limits.rates.customerWrites.max',
    mentions: "rate limit 'customerWrites' allows 0 requests",
  },
  // Options the server would ignore are refused rather than trusted (issue: one contract).
  {
    name: 'a rate on reads, which the server does not limit',
    edit: (d) => {
      d.limits.rates.customerWrites = { ...d.limits.rates.customerWrites!, scope: 'read' };
    },
    path: 'limits.rates.customerWrites.scope',
    mentions: "rate limit 'customerWrites' counts 'read' requests, which the server does not limit",
  },
  {
    name: 'a rate keyed otherwise than the server keys its scope',
    edit: (d) => {
      d.limits.rates.failedLogins = { ...d.limits.rates.failedLogins!, per: ['user'] };
    },
    path: 'limits.rates.failedLogins.per',
    mentions: "the server counts 'login' requests per email and address",
  },
  {
    name: 'a second sign-in rate',
    edit: (d) => {
      d.limits.rates.moreLogins = { ...d.limits.rates.failedLogins!, max: 3 };
    },
    path: 'limits.rates.moreLogins.scope',
    mentions: "is a second 'login' limit; the server enforces only one ('failedLogins')",
  },
  {
    name: 'a default page size above the max',
    edit: (d) => {
      d.limits.pageSize = { default: 200, max: 100 };
    },
    path: 'limits.pageSize.default',
    mentions: 'the default page size 200 is above the max 100',
  },
  {
    name: 'a body size of zero',
    edit: (d) => {
      d.limits.bodyBytes = 0;
    },
    path: 'limits.bodyBytes',
    mentions: 'the body size limit 0 is not a positive number',
  },
  {
    name: 'a quota per a field that is not a reference',
    edit: (d) => {
      d.limits.quotas.openTickets = { entity: 'tickets', per: 'priority', max: 3 };
    },
    path: 'limits.quotas.openTickets.per',
    mentions: "quota 'openTickets' counts per 'priority', which is an enum field, not a reference",
  },
  {
    name: 'a quota per an unknown field',
    edit: (d) => {
      d.limits.quotas.openTickets = { entity: 'tickets', per: 'teem', max: 3 };
    },
    path: 'limits.quotas.openTickets.per',
    mentions: "counts per 'teem', which is not a reference field of tickets",
  },
  {
    name: 'a quota with both an owner and a per',
    edit: (d) => {
      Object.assign(d.limits.quotas.openTickets!, { per: 'team' });
    },
    path: 'limits.quotas.openTickets',
    mentions:
      "must name either 'owner' (a reference to users) or 'per' (any reference field of tickets), not both",
  },
  {
    name: 'a quota with neither an owner nor a per',
    edit: (d) => {
      d.limits.quotas.openTickets = { entity: 'tickets', max: 3 } as never;
    },
    path: 'limits.quotas.openTickets',
    mentions: 'not neither',
  },
];

describe('checkLimits', () => {
  it('accepts a quota per any reference, such as per team', () => {
    const edit = (d: Parameters<BrokenCase['edit']>[0]) => {
      d.limits.quotas.openTickets = { entity: 'tickets', per: 'team', where: inState('open'), max: 3 };
    };
    expect(messagesAt(helpdesk, edit, 'limits.quotas.openTickets')).toEqual([]);
    expect(messagesAt(helpdesk, edit, 'limits.quotas.openTickets.per')).toEqual([]);
  });

  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
