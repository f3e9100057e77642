import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { constant, now } from '../rules/expr';
import { type BrokenCase, breakApp, messagesAt } from './break-app';
import { checkApp } from './check-app';

const storage: BrokenCase[] = [
  {
    name: 'a storage quota for an undeclared role',
    edit: (d) => {
      d.limits.storage.customerFiles!.roles = ['customers'];
    },
    path: 'limits.storage.customerFiles.roles[0]',
    mentions: "'customers' is not a role of the app",
  },
  {
    name: 'a storage quota on an unknown entity',
    edit: (d) => {
      d.limits.storage.customerFiles!.entity = 'tikets';
    },
    path: 'limits.storage.customerFiles.entity',
    mentions: "storage quota 'customerFiles' counts the files of 'tikets', which is not an entity of the app",
  },
  {
    name: 'a storage quota on an entity without file fields',
    edit: (d) => {
      d.limits.storage.customerFiles!.entity = 'teams';
    },
    path: 'limits.storage.customerFiles.entity',
    mentions: "counts the files of 'teams', which has no file field",
  },
  {
    name: 'a storage quota of zero bytes',
    edit: (d) => {
      d.limits.storage.customerFiles!.bytes = 0;
    },
    path: 'limits.storage.customerFiles.bytes',
    mentions: "storage quota 'customerFiles' allows 0 bytes, which is not a whole number of at least 1",
  },
  {
    name: 'a storage quota from an unknown constant',
    edit: (d) => {
      d.limits.storage.customerFiles!.bytes = constant('CUSTOMER_BYTES');
    },
    path: 'limits.storage.customerFiles.bytes',
    mentions: "reads constant 'CUSTOMER_BYTES', which is not a declared constant",
  },
  {
    name: 'a storage quota from a constant that is not a number',
    edit: (d) => {
      d.constants.CUSTOMER_STORAGE_BYTES!.value = '100 MiB';
    },
    path: 'limits.storage.customerFiles.bytes',
    mentions:
      "takes its bytes from constant 'CUSTOMER_STORAGE_BYTES', which is not a whole number of at least 1",
  },
  {
    name: 'a storage quota from an expression that is not a constant',
    edit: (d) => {
      d.limits.storage.customerFiles!.bytes = now() as never;
    },
    path: 'limits.storage.customerFiles.bytes',
    mentions: 'takes its bytes from a now expression; give a number or a constant',
  },
  {
    name: 'a storage quota counted per something unknown',
    edit: (d) => {
      d.limits.storage.customerFiles!.per = 'team' as never;
    },
    path: 'limits.storage.customerFiles.per',
    mentions: `counts per "team"; use 'owner'`,
  },
  {
    name: 'a storage quota with an unknown error code',
    edit: (d) => {
      d.limits.storage.customerFiles!.error = 'STORAGE_FULL';
    },
    path: 'limits.storage.customerFiles.error',
    mentions: "'STORAGE_FULL' is not a built-in or declared error code",
  },
  {
    name: 'a storage quota whose error takes no {max}',
    edit: (d) => {
      d.limits.storage.customerFiles!.error = 'TICKET_CLOSED';
    },
    path: 'limits.storage.customerFiles.error',
    mentions: "the error 'TICKET_CLOSED' takes no {max}",
  },
];

describe('checkFiles: storage quotas', () => {
  it.each(storage)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('reports a storage quota error that needs more than {max} and {limit}, and takes no {max}', () => {
    const edit = (d: Parameters<BrokenCase['edit']>[0]) => {
      d.limits.storage.customerFiles!.error = 'REOPEN_WINDOW_EXPIRED';
    };
    expect(messagesAt(helpdesk, edit, 'limits.storage.customerFiles.error')).toEqual([
      "the message of 'REOPEN_WINDOW_EXPIRED' uses {days}, but only {max}, {limit} are given here",
      "the error 'REOPEN_WINDOW_EXPIRED' takes no {max}, so it cannot say how many bytes the quota allows",
    ]);
  });

  it('reports a storage quota of an app with no file field at all', () => {
    const app = breakApp(helpdesk, (d) => {
      delete d.entities.tickets!.fields.attachments;
      delete d.entities.comments!.fields.attachments;
      d.entities.tickets!.access.update.customer = d.entities.tickets!.access.update.customer!.slice(0, 2);
      d.entities.tickets!.access.update.agent![0]!.fields = ['priority'];
      delete d.entities.comments!.access.update.customer;
      delete d.entities.comments!.access.update.agent;
    });
    expect(checkApp(app).problems).toEqual([
      {
        path: 'limits.storage.customerFiles',
        message: "storage quota 'customerFiles' counts files, but no entity has a file field",
      },
    ]);
  });
});
