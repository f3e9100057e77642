import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { lit } from '../rules/expr';
import { type BrokenCase, type Draft, messagesAt } from './break-app';
import { isTimeZone } from './check-schedules';

type App = Parameters<BrokenCase['edit']>[0];
type Schedule = Draft<App['schedules'][string]>;

const nightly = (over: Partial<Schedule>): Schedule => ({
  name: 'nightly',
  cron: '0 2 * * *',
  zone: 'Europe/Zurich',
  action: 'ticketStats',
  input: {},
  ...over,
});
const schedule = (over: Partial<Schedule>) => (d: App) => {
  d.schedules.nightly = nightly(over);
};
const agentReplied = (d: App) => d.notifications.agentReplied!;
const resolved = (d: App) => d.notifications.ticketResolved!;

// Schedules, webhooks and notifications: what runs on a clock or leaves the app.
const cases: BrokenCase[] = [
  {
    name: 'a cron expression croner cannot read',
    edit: schedule({ cron: '0 25 * * *' }),
    path: 'schedules.nightly.cron',
    mentions: "'0 25 * * *', which croner cannot read: CronPattern: Invalid value for hour",
  },
  {
    name: 'a cron expression that never comes round',
    edit: schedule({ cron: '0 0 30 2 *' }),
    path: 'schedules.nightly.cron',
    mentions: 'which never comes round',
  },
  {
    name: 'a schedule in an unknown zone',
    edit: schedule({ zone: 'Europe/Zurch' }),
    path: 'schedules.nightly.zone',
    mentions: "is read in 'Europe/Zurch', which is not an IANA time zone",
  },
  {
    name: 'a schedule running an unknown action',
    edit: schedule({ action: 'ticketStat' }),
    path: 'schedules.nightly.action',
    mentions:
      "runs 'ticketStat', which is not an action of the app (actions: assignToMe, ticketStats) — did you mean 'ticketStats'?",
  },
  {
    name: 'a schedule leaving out an input the action requires',
    edit: schedule({ action: 'assignToMe' }),
    path: 'schedules.nightly.input',
    mentions: "without its input 'ticketId', which it requires",
  },
  {
    name: 'a schedule giving an input a value it cannot take',
    edit: schedule({ action: 'assignToMe', input: { ticketId: 5 } }),
    path: 'schedules.nightly.input.ticketId',
    mentions: 'a value that is 5, which is not text',
  },
  {
    name: 'a schedule giving an unknown input',
    edit: schedule({ input: { since: 'yesterday' } }),
    path: 'schedules.nightly.input.since',
    mentions: "'since', which is not an input field of action 'ticketStats' (there are no inputs)",
  },
  {
    name: 'a webhook sent as an unknown role',
    edit: (d) => {
      d.webhooks.ticketEvents!.role = 'agnt';
    },
    path: 'webhooks.ticketEvents.role',
    mentions: "'agnt' is not a role of the app",
  },
  {
    name: 'a webhook sent as a role that may read none of its records',
    edit: (d) => {
      d.webhooks.ticketEvents!.role = 'anonymous';
    },
    path: 'webhooks.ticketEvents.role',
    mentions: 'anonymous may read no tickets, so no event of tickets is ever sent',
  },
  {
    name: 'a webhook with no event',
    edit: (d) => {
      d.webhooks.ticketEvents!.on = [];
    },
    path: 'webhooks.ticketEvents.on',
    mentions: 'listens for no event',
  },
  {
    name: 'a webhook on a timed event',
    edit: (d) => {
      d.webhooks.ticketEvents!.on[0] = { entity: 'tickets', op: 'timer', after: { hours: lit(1) } };
    },
    path: 'webhooks.ticketEvents.on[0].after',
    mentions: 'a webhook tells of writes (create, update, delete, transition); a timer is none',
  },
  {
    name: "two webhooks sharing their target's variable",
    edit: (d) => {
      d.webhooks.ticket_events = { ...d.webhooks.ticketEvents!, name: 'ticket_events' };
    },
    path: 'webhooks.ticket_events',
    mentions: "takes its target from WEBHOOK_TICKET_EVENTS_URL, as webhook 'ticketEvents' does",
  },
  {
    name: 'a notification to an unknown field',
    edit: (d) => {
      agentReplied(d).to = ['ticket.requestr'];
    },
    path: 'notifications.agentReplied.to[0]',
    mentions: "tells 'ticket.requestr': 'requestr', which is not a field of tickets",
  },
  {
    name: 'a notification to a field that is not a reference',
    edit: (d) => {
      agentReplied(d).to = ['body'];
    },
    path: 'notifications.agentReplied.to[0]',
    mentions: "but 'body' is a longText field, not a reference",
  },
  {
    name: 'a notification to a path deeper than one hop',
    edit: (d) => {
      agentReplied(d).to = ['ticket.requester.team'];
    },
    path: 'notifications.agentReplied.to[0]',
    mentions: 'which is not a path it can follow',
  },
  {
    name: 'a notification to a record nobody belongs to',
    edit: (d) => {
      agentReplied(d).to = ['ticket'];
    },
    path: 'notifications.agentReplied.to[0]',
    mentions: 'no field of users refers to tickets, so nobody belongs to it',
  },
  {
    name: 'a notification to nobody',
    edit: (d) => {
      agentReplied(d).to = [];
    },
    path: 'notifications.agentReplied.to',
    mentions: 'tells nobody',
  },
  {
    name: 'a title with an unbalanced brace',
    edit: (d) => {
      agentReplied(d).title = 'New reply on {ticket.subject';
    },
    path: 'notifications.agentReplied.title',
    mentions: 'has an unbalanced brace',
  },
  {
    name: 'a title reading an unknown field',
    edit: (d) => {
      resolved(d).title = 'Resolved: {subjct}';
    },
    path: 'notifications.ticketResolved.title',
    mentions: "reads {subjct}: 'subjct', which is not a field of tickets",
  },
  {
    name: 'a title reading through a field that is not a reference',
    edit: (d) => {
      agentReplied(d).title = 'On {body.subject}';
    },
    path: 'notifications.agentReplied.title',
    mentions: "reads {body.subject}, but 'body' is a longText field, not a reference",
  },
  {
    name: 'a title reading an unknown field of a referenced record',
    edit: (d) => {
      agentReplied(d).title = 'On {ticket.subjct}';
    },
    path: 'notifications.agentReplied.title',
    mentions: "'subjct', which is not a field of tickets",
  },
  {
    name: 'a body reading an unknown field',
    edit: (d) => {
      resolved(d).body = '{resolutin}';
    },
    path: 'notifications.ticketResolved.body',
    mentions: "reads {resolutin}: 'resolutin', which is not a field of tickets",
  },
  {
    name: 'a link that is not a reference',
    edit: (d) => {
      agentReplied(d).link = 'body';
    },
    path: 'notifications.agentReplied.link',
    mentions: "opens 'body', but 'body' is a longText field, not a reference",
  },
  {
    name: 'a link to an unknown field',
    edit: (d) => {
      agentReplied(d).link = 'tickt';
    },
    path: 'notifications.agentReplied.link',
    mentions: "'tickt', which is not a field of comments",
  },
  {
    name: 'an empty label',
    edit: (d) => {
      agentReplied(d).label = ' ';
    },
    path: 'notifications.agentReplied.label',
    mentions: 'has an empty label',
  },
  {
    name: 'a notification whose name is not an identifier',
    edit: (d) => {
      d.notifications['agent-replied'] = { ...agentReplied(d), name: 'agent-replied' };
    },
    path: 'notifications.agent-replied',
    mentions: "notification 'agent-replied' is not a name",
  },
];

describe('checkAutomation: schedules, webhooks and notifications', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it.each<[string, (d: App) => void, string]>([
    ['a schedule that reads well, in a zone', schedule({}), 'schedules.nightly'],
    ['a cron expression with seconds', schedule({ cron: '*/30 * * * * *' }), 'schedules.nightly.cron'],
    [
      'a title of words alone',
      (d) => {
        agentReplied(d).title = 'Someone replied';
      },
      'notifications.agentReplied.title',
    ],
    [
      'a notification to the members of a team one hop away',
      (d) => {
        agentReplied(d).to = ['ticket.team'];
      },
      'notifications.agentReplied.to[0]',
    ],
    [
      'a webhook sent as anonymous on what anyone may read',
      (d) => {
        d.webhooks.ticketEvents = {
          ...d.webhooks.ticketEvents!,
          role: 'anonymous',
          on: [{ entity: 'articles', op: 'create' }],
        };
      },
      'webhooks.ticketEvents.role',
    ],
  ])('accepts %s', (_name, edit, path) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([]);
  });

  it.each([
    ['UTC', true],
    ['Europe/Zurich', true],
    ['Mars/Olympus', false],
    ['', false],
  ] as const)('tells whether %s is a time zone', (zone, is) => {
    expect(isTimeZone(zone)).toBe(is);
  });
});
