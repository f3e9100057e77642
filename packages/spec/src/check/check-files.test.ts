import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import { constant, field, maxOf, now } from '../rules/expr';
import { changed, eq, isNull, lte } from '../rules/rule';
import { type BrokenCase, breakApp, messagesAt } from './break-app';
import { checkApp } from './check-app';

const ATTACH = 'entities.tickets.fields.attachments';
const withAttachments = (options: Record<string, unknown>) => (d: Parameters<BrokenCase['edit']>[0]) => {
  d.entities.tickets!.fields.attachments = f.files(options as never);
};

const places: BrokenCase[] = [
  {
    name: 'a file field in a transition input',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.resolve!.input = { proof: f.file() };
    },
    path: 'entities.tickets.states.transitions.resolve.input.proof',
    mentions: "'proof' is a file field, which only an entity's own fields may have",
  },
  {
    name: 'a file field in an action input',
    edit: (d) => {
      d.actions.assignToMe!.input = { ticketId: f.ref('tickets'), scan: f.files() };
    },
    path: 'actions.assignToMe.input.scan',
    mentions: "'scan' is a files field, which only an entity's own fields may have",
  },
  {
    name: 'a file field in an action output',
    edit: (d) => {
      d.actions.ticketStats!.output = { report: f.file() };
    },
    path: 'actions.ticketStats.output.report',
    mentions: "'report' is a file field, which only an entity's own fields may have",
  },
  {
    name: 'a file field inside an object of an action output',
    edit: (d) => {
      d.actions.ticketStats!.output = { summary: f.object({ chart: f.file() }) };
    },
    path: 'actions.ticketStats.output.summary.fields.chart',
    mentions: "'chart' is a file field, which only an entity's own fields may have",
  },
  {
    name: 'a file field as the values of a map',
    edit: (d) => {
      d.actions.ticketStats!.output = { byStatus: f.map(f.file()) };
    },
    path: 'actions.ticketStats.output.byStatus.of',
    mentions: "'byStatus value' is a file field, which only an entity's own fields may have",
  },
  {
    name: 'a list of files',
    edit: (d) => {
      d.entities.tickets!.fields.scans = f.list(f.file() as never);
    },
    path: 'entities.tickets.fields.scans.of',
    mentions: "'scans' is a list of file fields, but a list holds only plain values",
  },
];

const options: BrokenCase[] = [
  ...(
    [
      ['default', [], 'takes no default: it is empty until a file is uploaded'],
      ['unique', true, 'takes no unique'],
      ['index', true, 'takes no index'],
      ['computed', now(), 'takes no computed: only uploads fill it'],
      ['immutable', true, 'takes no immutable'],
      ['readOnly', true, 'takes no readOnly: who may upload is said by the update grants'],
      ['optional', true, 'is never null'],
    ] as const
  ).map(
    ([option, value, mentions]): BrokenCase => ({
      name: `${option} on a file field`,
      edit: withAttachments({ max: 5, [option]: value }),
      path: `${ATTACH}.${option}`,
      mentions: `'attachments' is a files field, which ${mentions}`,
    }),
  ),
  ...(
    [
      ['maxBytes', 0, 'is 0, which is not a whole number of at least 1'],
      ['maxBytes', 1.5, 'is 1.5, which is not a whole number'],
      ['maxBytes', 6 * 1024 ** 3, 'is 6442450944, above the most a file field takes, 5368709120 bytes'],
      ['maxPixels', -1, 'is -1, which is not a whole number of at least 1'],
      ['maxPixels', 2e9, 'is 2000000000, above the most a file field takes, 1000000000 pixels'],
      ['max', 0, 'is 0, which is not a whole number of at least 1'],
      ['max', 1001, 'is 1001, above the most a file field takes, 1000 files'],
    ] as const
  ).map(
    ([option, value, mentions]): BrokenCase => ({
      name: `${option} ${value}`,
      edit: withAttachments({ [option]: value }),
      path: `${ATTACH}.${option}`,
      mentions: `the ${option} of 'attachments' ${mentions}`,
    }),
  ),
  {
    name: 'an accept entry that is no media type',
    edit: withAttachments({ accept: ['image/png', '.pdf'] }),
    path: `${ATTACH}.accept[1]`,
    mentions: `'attachments' accepts ".pdf", which is not a media type`,
  },
  {
    name: 'an accept entry with a wildcard type and a subtype',
    edit: withAttachments({ accept: ['*/png'] }),
    path: `${ATTACH}.accept[0]`,
    mentions: 'which is not a media type',
  },
  {
    name: 'an accept entry named twice',
    edit: withAttachments({ accept: ['image/*', 'image/*'] }),
    path: `${ATTACH}.accept[1]`,
    mentions: "'attachments' accepts 'image/*' twice",
  },
  {
    name: 'an empty accept',
    edit: withAttachments({ accept: [] }),
    path: `${ATTACH}.accept`,
    mentions: "'attachments' accepts no type, so no upload can pass",
  },
  {
    name: 'a variant name that is not an identifier',
    edit: withAttachments({ variants: { 'big thumb': { width: 10, height: 10 } } }),
    path: `${ATTACH}.variants.big thumb`,
    mentions: "the variant name 'big thumb' of 'attachments' is not letters, digits and _",
  },
  {
    name: 'a variant wider than 4096',
    edit: withAttachments({ variants: { huge: { width: 5000, height: 10 } } }),
    path: `${ATTACH}.variants.huge.width`,
    mentions:
      "the width of variant 'huge' of 'attachments' is 5000, not a whole number of pixels from 1 to 4096",
  },
  {
    name: 'a variant of fractional height',
    edit: withAttachments({ variants: { thumb: { width: 10, height: 10.5 } } }),
    path: `${ATTACH}.variants.thumb.height`,
    mentions: 'is 10.5, not a whole number of pixels',
  },
  {
    name: 'an unknown fit',
    edit: withAttachments({ variants: { thumb: { width: 10, height: 10, fit: 'fill' } } }),
    path: `${ATTACH}.variants.thumb.fit`,
    mentions: `variant 'thumb' of 'attachments' fits "fill"; use cover, contain, inside`,
  },
  {
    name: 'an unknown format',
    edit: withAttachments({ variants: { thumb: { width: 10, height: 10, format: 'gif' } } }),
    path: `${ATTACH}.variants.thumb.format`,
    mentions: `is encoded as "gif"; use webp, jpeg, png`,
  },
  {
    name: 'variants of a field that accepts no image',
    edit: withAttachments({ accept: ['application/pdf'], variants: { thumb: { width: 10, height: 10 } } }),
    path: `${ATTACH}.variants`,
    mentions: "'attachments' has image variants, but accepts no image type",
  },
];

const uses: BrokenCase[] = [
  {
    name: 'a file field in search',
    edit: (d) => {
      d.entities.tickets!.search = ['subject', 'attachments'];
    },
    path: 'entities.tickets.search[1]',
    mentions: "'attachments' is of type files; search covers text",
  },
  {
    name: 'a file field declared sortable',
    edit: (d) => {
      d.entities.tickets!.sortable = ['attachments'];
    },
    path: 'entities.tickets.sortable[0]',
    mentions: "'attachments' cannot be a sort: it is a files field",
  },
  {
    name: 'a file field in an index',
    edit: (d) => {
      d.entities.tickets!.indexes = [['requester', 'attachments']];
    },
    path: 'entities.tickets.indexes[0][1]',
    mentions: "the index names 'attachments', a file field",
  },
  {
    name: 'a file field as the title',
    edit: (d) => {
      d.entities.comments!.title = 'attachments';
    },
    path: 'entities.comments.title',
    mentions: "the title names 'attachments', a files field; a title is text",
  },
  {
    name: 'a file field in a title template',
    edit: (d) => {
      d.entities.comments!.title = '{body} ({attachments})';
    },
    path: 'entities.comments.title',
    mentions: "the title names 'attachments', a files field",
  },
  {
    name: 'a file field in a unique constraint',
    edit: (d) => {
      d.entities.tickets!.unique = [
        { name: 'sameFiles', fields: ['attachments'], error: 'VALIDATION_FAILED' },
      ];
    },
    path: 'entities.tickets.unique[0].fields[0]',
    mentions: "names 'attachments', a files field; only single values can be kept unique",
  },
  {
    name: "a read grant's where reading a file field",
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: isNull(field('attachments')) }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "reads 'attachments', a files field; no rule or expression reads files",
  },
  {
    name: 'a validation rule comparing a file field',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = eq('attachments', null);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "reads 'attachments', a files field",
  },
  {
    name: "an aggregate over a child's file field",
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(maxOf('comments', 'ticket', 'attachments'), 3);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "takes the greatest 'attachments' with maxOf('comments'), but files values have no order",
  },
  {
    name: 'a validation rule asking whether a file field changed',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.when = changed('attachments');
    },
    path: 'entities.tickets.validate[0].when',
    mentions: "asks whether 'attachments' changed, but only uploads change a files field",
  },
  {
    name: "a transition's requirement reading a file field",
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.requires[0]!.check = isNull(field('attachments'));
    },
    path: 'entities.tickets.states.transitions.reopen.requires[0].check',
    mentions: "reads 'attachments', a files field",
  },
  {
    name: 'a transition that sets a file field',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.resolve!.set = { attachments: constant('MAX_TAGS') };
    },
    path: 'entities.tickets.states.transitions.resolve.set.attachments',
    mentions: "transition 'resolve' sets 'attachments', a files field, which only uploads fill",
  },
  {
    name: 'a create grant naming a file field',
    edit: (d) => {
      d.entities.tickets!.access.create.customer![0]!.fields = ['subject', 'description', 'attachments'];
    },
    path: 'entities.tickets.access.create.customer[0].fields[2]',
    mentions: 'files go up once the record exists, under an update grant',
  },
];

describe('checkFiles', () => {
  describe.each([
    ['where file fields may be', places],
    ['file field options', options],
    ['what may name a file field', uses],
  ])('%s', (_, cases) => {
    it.each(cases)('reports $name', ({ edit, path, mentions }) => {
      expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
    });
  });

  it('takes the helpdesk as it is: its attachments, their update grants, its storage quota', () => {
    expect(checkApp(helpdesk).problems).toEqual([]);
  });

  it('takes sound limits at their bounds', () => {
    const app = breakApp(helpdesk, (d) => {
      d.entities.tickets!.fields.attachments = f.files({
        max: 1000,
        maxBytes: 5 * 1024 ** 3,
        maxPixels: 1_000_000_000,
        accept: ['*/*', 'application/vnd.ms-excel', 'image/svg+xml'],
        variants: { thumb_2x: { width: 4096, height: 1, fit: 'contain', format: 'png' } },
      });
      d.entities.tickets!.fields.cover = f.file({ accept: ['image/*'] });
      d.limits.storage.customerFiles!.bytes = 1.5e9;
      d.limits.storage.customerFiles!.entity = 'comments';
      d.limits.storage.customerFiles!.per = 'role';
      d.limits.storage.customerFiles!.error = 'OPEN_TICKET_LIMIT';
    });
    expect(checkApp(app).problems).toEqual([]);
  });
});
