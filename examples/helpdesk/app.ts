/**
 * The helpdesk: Ninefold's flagship app, its whole product spec in nine points.
 * See ../../docs/guide.md for the language, one section per point.
 */
import {
  action,
  addDays,
  addHours,
  and,
  caller,
  callerIs,
  can,
  changed,
  constant,
  defineApp,
  entity,
  eq,
  f,
  field,
  hasRole,
  input,
  inState,
  lookup,
  lt,
  not,
  now,
  or,
  related,
  users,
} from '@ninefold/spec';

const OPEN_STATES = ['new', 'open', 'pending'] as const;

// Screenshots, logs and documents, on tickets and on comments: an image gets a thumbnail for
// lists and a preview for the detail page, made on first use.
const ATTACHMENTS = {
  max: 5,
  maxBytes: 10 * 1_048_576,
  accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'],
  variants: {
    thumb: { width: 160, height: 160, fit: 'cover' },
    preview: { width: 1280, height: 1280, fit: 'inside' },
  },
} as const;

// 3. Entities and fields — 4. states — 5. validation — 6. access, per entity.

const teams = entity({
  label: 'Teams',
  title: 'name',
  fields: {
    name: f.text({ min: 2, max: 60, unique: true, label: 'Name' }),
    description: f.longText({ max: 500, optional: true, label: 'Description' }),
  },
  access: {
    read: { agent: true },
    create: { admin: true },
    update: { admin: true },
    delete: { admin: true },
  },
});

const people = users({
  label: 'Users',
  fields: {
    team: f.ref('teams', { optional: true, label: 'Team', onDelete: 'setNull' }),
  },
  access: {
    // Customers see themselves; agents see everyone's name, email, role and team.
    read: {
      customer: callerIs('id'),
      agent: { fields: ['id', 'createdAt', 'updatedAt', 'version', 'name', 'email', 'role', 'team'] },
    },
    update: {
      customer: { where: callerIs('id'), fields: ['name'] },
      agent: { where: callerIs('id'), fields: ['name'] },
    },
  },
  // The admin console's people table sorts by name (the title), email and role.
  sortable: ['email', 'role'],
  validate: [
    {
      name: 'teamOnlyForAgents',
      when: not(eq('team', null)),
      check: eq('role', 'agent'),
      error: 'VALIDATION_FAILED',
      field: 'team',
    },
  ],
});

const tickets = entity({
  label: 'Tickets',
  title: 'subject',
  fields: {
    subject: f.text({ min: 5, max: 120, label: 'Subject' }),
    description: f.longText({ min: 1, max: 5000, label: 'Description' }),
    // Not indexed: a priority holds about a quarter of the tickets, so its filter is checked
    // along the walk of a sort's index; an index led by it would cost one more per sort.
    priority: f.enum(['low', 'normal', 'high', 'urgent'], { default: 'normal', label: 'Priority' }),
    category: f.enum(['billing', 'technical', 'account', 'other'], { default: 'other', label: 'Category' }),
    requester: f.ref('users', { default: caller('id'), readOnly: true, label: 'Requester' }),
    assignee: f.ref('users', {
      optional: true,
      label: 'Assignee',
      where: eq('role', 'agent'),
      error: 'ASSIGNEE_NOT_AGENT',
      onDelete: 'setNull',
    }),
    team: f.ref('teams', { optional: true, label: 'Team', onDelete: 'setNull' }),
    dueAt: f.datetime({
      label: 'Due',
      computed: addHours(field('createdAt'), lookup(constant('SLA_HOURS'), field('priority'))),
    }),
    tags: f.list(f.text({ min: 1, max: 20 }), { max: 5, default: [], label: 'Tags' }),
    resolution: f.longText({ max: 2000, optional: true, readOnly: true, label: 'Resolution' }),
    resolvedAt: f.datetime({ optional: true, readOnly: true, label: 'Resolved' }),
    satisfaction: f.integer({ min: 1, max: 5, optional: true, label: 'Satisfaction' }),
    attachments: f.files({ ...ATTACHMENTS, label: 'Attachments' }),
  },
  states: {
    field: 'status',
    initial: 'new',
    states: {
      new: { label: 'New' },
      open: { label: 'Open' },
      pending: { label: 'Pending', description: 'Waiting for the customer.' },
      resolved: { label: 'Resolved' },
      closed: { label: 'Closed', final: true },
      cancelled: { label: 'Cancelled', final: true },
    },
    transitions: {
      triage: {
        from: 'new',
        to: 'open',
        who: { agent: true, admin: true },
        input: {
          assignee: f.ref('users', {
            optional: true,
            where: eq('role', 'agent'),
            error: 'ASSIGNEE_NOT_AGENT',
          }),
          team: f.ref('teams', { optional: true }),
        },
        set: { assignee: input('assignee'), team: input('team') },
      },
      await: { label: 'Wait for customer', from: 'open', to: 'pending', who: { agent: true, admin: true } },
      respond: { from: 'pending', to: 'open', who: { customer: callerIs('requester') } },
      resolve: {
        from: ['open', 'pending'],
        to: 'resolved',
        who: { agent: true, admin: true },
        input: { resolution: f.longText({ min: 1, max: 2000, label: 'Resolution' }) },
        set: { resolution: input('resolution'), resolvedAt: now() },
      },
      reopen: {
        from: 'resolved',
        to: 'open',
        who: { customer: callerIs('requester') },
        requires: [
          {
            check: lt(now(), addDays('resolvedAt', constant('REOPEN_WINDOW_DAYS'))),
            error: 'REOPEN_WINDOW_EXPIRED',
            params: { days: constant('REOPEN_WINDOW_DAYS') },
          },
        ],
        set: { resolvedAt: null, resolution: null },
      },
      close: {
        from: 'resolved',
        to: 'closed',
        who: { customer: callerIs('requester'), agent: true, admin: true },
        // Closes by itself once the reopen window has passed; reopening first cancels it.
        after: { days: constant('REOPEN_WINDOW_DAYS'), since: 'resolvedAt' },
      },
      withdraw: { from: ['new', 'open'], to: 'cancelled', who: { customer: callerIs('requester') } },
    },
  },
  access: {
    read: { customer: callerIs('requester'), agent: true },
    create: { customer: { fields: ['subject', 'description', 'priority', 'category', 'tags'] } },
    update: {
      customer: [
        { where: and(callerIs('requester'), inState('new')), fields: ['subject', 'description'] },
        { where: callerIs('requester'), fields: ['satisfaction'] },
        { where: and(callerIs('requester'), not(inState('closed', 'cancelled'))), fields: ['attachments'] },
      ],
      agent: { fields: ['priority', 'category', 'assignee', 'team', 'tags', 'attachments'] },
    },
    delete: { admin: true },
  },
  validate: [
    {
      name: 'satisfactionOnlyByRequesterOnceResolved',
      when: changed('satisfaction'),
      check: and(callerIs('requester'), inState('resolved', 'closed')),
      error: 'SATISFACTION_NOT_ALLOWED',
      field: 'satisfaction',
    },
  ],
  indexes: [
    ['requester', 'status'],
    ['assignee', 'status'],
  ],
  // Besides createdAt and the subject (the title): the last change, and the SLA's due time.
  sortable: ['updatedAt', 'dueAt'],
  // Full-text search of the list and of every ticket picker, the subject weighing most.
  search: ['subject', 'description'],
});

const comments = entity({
  label: 'Comments',
  title: 'body',
  fields: {
    ticket: f.ref('tickets', { immutable: true, label: 'Ticket', onDelete: 'cascade', index: true }),
    author: f.ref('users', { default: caller('id'), readOnly: true, label: 'Author' }),
    body: f.longText({ min: 1, max: 2000, label: 'Comment' }),
    internal: f.boolean({ default: false, immutable: true, label: 'Internal note' }),
    // An internal note's files are as hidden from customers as the note is.
    attachments: f.files({ ...ATTACHMENTS, label: 'Attachments' }),
  },
  access: {
    read: { customer: and(can('ticket', 'read'), eq('internal', false)), agent: true },
    create: {
      customer: { where: and(can('ticket', 'read'), eq('internal', false)), fields: ['ticket', 'body'] },
      agent: { fields: ['ticket', 'body', 'internal'] },
    },
    // A comment's author attaches its files just after posting it, while its ticket is open.
    update: {
      customer: {
        where: and(callerIs('author'), related('ticket', not(inState('closed', 'cancelled')))),
        fields: ['attachments'],
      },
      agent: {
        where: and(callerIs('author'), related('ticket', not(inState('closed', 'cancelled')))),
        fields: ['attachments'],
      },
    },
    delete: { admin: true },
  },
  validate: [
    {
      name: 'noCommentsOnClosedTickets',
      on: ['create'],
      check: related('ticket', not(inState('closed', 'cancelled'))),
      error: 'TICKET_CLOSED',
      field: 'ticket',
    },
  ],
});

// A draft is an article not yet published: only agents and admins read it. Admins write and
// publish articles (an admin role may do whatever `access` does not name it in).
const articles = entity({
  label: 'Articles',
  title: 'title',
  fields: {
    title: f.text({ min: 5, max: 120, label: 'Title' }),
    body: f.longText({ min: 1, max: 20000, label: 'Body' }),
    published: f.boolean({ default: false, label: 'Published', index: true }),
    author: f.ref('users', { default: caller('id'), readOnly: true, label: 'Author' }),
  },
  access: {
    read: { anonymous: eq('published', true), customer: eq('published', true), agent: true },
  },
  // The knowledge base's table shows when an article last changed.
  sortable: ['updatedAt'],
  search: ['title', 'body'],
});

// 7. The calls it makes, beyond the generated REST API.

const assignToMe = action({
  label: 'Assign to me',
  description: 'Sets the assignee to the calling agent, and triages a new ticket.',
  who: { agent: true },
  input: { ticketId: f.ref('tickets') },
  output: { id: f.text(), status: f.text(), assignee: f.text() },
  errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  handler: async ({ input: { ticketId }, records, caller, fail }) => {
    const ticket = await records.get('tickets', ticketId);
    if (!ticket || !caller) return fail('NOT_FOUND');
    const updated =
      ticket.status === 'new'
        ? await records.transition('tickets', ticketId, 'triage', { assignee: caller.id })
        : await records.update('tickets', ticketId, { assignee: caller.id }, { version: ticket.version });
    return { id: updated.id, status: String(updated.status), assignee: caller.id };
  },
});

const ticketStats = action({
  label: 'Ticket statistics',
  description: 'Counts of tickets by status and by priority, for the dashboard chart.',
  who: { agent: true, admin: true },
  input: {},
  output: { byStatus: f.map(f.integer()), byPriority: f.map(f.integer()) },
  handler: async ({ records }) => ({
    byStatus: await records.countBy('tickets', 'status'),
    byPriority: await records.countBy('tickets', 'priority'),
  }),
});

export default defineApp({
  // 1. What the product does and for whom.
  about: {
    name: 'Helpdesk',
    summary: 'A support desk for a small software company.',
    audience: {
      customer: 'Customers file tickets and follow them to a resolution.',
      agent: 'Support agents triage, answer and resolve tickets.',
      admin: 'Admins run the team, the knowledge base and the settings.',
      anonymous: 'Anyone can read published knowledge-base articles.',
    },
  },

  // 6. Roles.
  roles: {
    customer: { label: 'Customer', signUp: true, description: 'Files tickets and follows them.' },
    agent: { label: 'Agent', description: 'Triages, answers and resolves tickets.' },
    admin: {
      label: 'Admin',
      admin: true,
      description: 'Runs the team, the knowledge base and the settings.',
    },
  },

  // 9. Business constants.
  constants: {
    MAX_OPEN_TICKETS_PER_CUSTOMER: {
      value: 5,
      public: true,
      description: 'Tickets in new, open or pending.',
    },
    REOPEN_WINDOW_DAYS: {
      value: 7,
      public: true,
      description: 'Days after resolution a customer may reopen.',
    },
    SLA_HOURS: {
      value: { urgent: 4, high: 24, normal: 72, low: 120 },
      public: true,
      description: 'Hours from filing to due, by priority.',
    },
    MAX_TAGS: { value: 5, public: true },
    CUSTOMER_STORAGE_BYTES: {
      value: 100 * 1_048_576,
      public: true,
      description: 'Bytes of attachments each customer may keep.',
    },
  },

  // 8. The error catalogue.
  errors: {
    TICKET_CLOSED: { status: 409, message: 'This ticket is closed. Open a new ticket instead.' },
    OPEN_TICKET_LIMIT: {
      status: 409,
      message: 'You can have at most {max} open tickets.',
      params: { max: 'number' },
    },
    ASSIGNEE_NOT_AGENT: { status: 422, message: 'Tickets can only be assigned to agents.' },
    REOPEN_WINDOW_EXPIRED: {
      status: 409,
      message: 'Tickets can be reopened within {days} days of being resolved.',
      params: { days: 'number' },
    },
    SATISFACTION_NOT_ALLOWED: { status: 422, message: 'You can rate a ticket once it is resolved.' },
  },

  entities: { users: people, teams, tickets, comments, articles },
  actions: { assignToMe, ticketStats },

  // 4 and 7. What happens by itself: a customer's reply puts a ticket waiting on them back in
  // the agents' hands, in the same transaction as the reply.
  triggers: {
    customerReplyReopens: {
      description: "A customer's reply to a pending ticket opens it again.",
      on: {
        entity: 'comments',
        op: 'create',
        when: and(hasRole('customer'), related('ticket', inState('pending'))),
      },
      transition: { name: 'respond', record: 'ticket' },
    },
  },

  // Who hears of what, in the app and by email (each person chooses their channels).
  notifications: {
    agentReplied: {
      label: 'An agent replied to my ticket',
      on: { entity: 'comments', op: 'create', when: and(hasRole('agent', 'admin'), eq('internal', false)) },
      to: ['ticket.requester'],
      title: 'New reply on "{ticket.subject}"',
      body: '{body}',
      link: 'ticket',
    },
    ticketResolved: {
      label: 'My ticket was resolved',
      on: { entity: 'tickets', transition: 'resolve' },
      to: ['requester'],
      title: 'Resolved: {subject}',
      body: '{resolution}',
    },
    customerReplied: {
      label: 'A customer replied to my ticket',
      on: { entity: 'comments', op: 'create', when: hasRole('customer') },
      to: ['ticket.assignee'],
      title: 'The customer replied on "{ticket.subject}"',
      body: '{body}',
      link: 'ticket',
    },
    slaAtRisk: {
      label: 'A ticket is about to miss its SLA',
      on: { entity: 'tickets', after: { since: 'dueAt', hours: -4 }, when: inState('new', 'open') },
      to: ['assignee', 'team'],
      title: 'SLA at risk: {subject}',
      channels: { email: false },
    },
  },

  // Tells another system of new tickets and of every step they take, as an agent would see
  // them; off until WEBHOOK_TICKET_EVENTS_URL and WEBHOOK_TICKET_EVENTS_SECRET are set.
  webhooks: {
    ticketEvents: {
      on: [
        { entity: 'tickets', op: 'create' },
        { entity: 'tickets', op: 'transition' },
      ],
      role: 'agent',
    },
  },

  // 9. Limits.
  limits: {
    pageSize: { default: 25, max: 100 },
    bodyBytes: 256 * 1024,
    quotas: {
      openTickets: {
        description: 'Open tickets per customer.',
        entity: 'tickets',
        owner: 'requester',
        roles: ['customer'],
        where: or(...OPEN_STATES.map((s) => inState(s))),
        max: constant('MAX_OPEN_TICKETS_PER_CUSTOMER'),
        error: 'OPEN_TICKET_LIMIT',
      },
    },
    storage: {
      customerFiles: {
        description: 'Attachments each customer keeps.',
        roles: ['customer'],
        bytes: constant('CUSTOMER_STORAGE_BYTES'),
      },
    },
    rates: {
      customerWrites: { scope: 'write', roles: ['customer'], max: 30, window: '1m' },
      failedLogins: { scope: 'login', max: 10, window: '1m', per: ['email', 'address'] },
    },
  },

  // 2. Screens and routes.
  screens: {
    login: { route: '/login', kind: 'login', title: 'Sign in', roles: ['anonymous'] },
    signup: { route: '/signup', kind: 'signup', title: 'Sign up', roles: ['anonymous'] },
    dashboard: {
      route: '/',
      kind: 'dashboard',
      title: 'Dashboard',
      widgets: [
        {
          kind: 'list',
          name: 'myOpenTickets',
          title: 'My open tickets',
          entity: 'tickets',
          where: { status: [...OPEN_STATES] },
          roles: ['customer'],
        },
        {
          kind: 'list',
          name: 'queue',
          title: 'The queue',
          entity: 'tickets',
          where: { status: 'new' },
          roles: ['agent', 'admin'],
        },
        {
          // Open tickets whose clock runs (not pending on the customer), soonest due first;
          // the helpdesk's UI narrows it to the ones about to miss their SLA.
          kind: 'list',
          name: 'slaAtRisk',
          title: 'SLA at risk',
          entity: 'tickets',
          where: { status: ['new', 'open'] },
          sort: 'dueAt',
          limit: 10,
          roles: ['agent', 'admin'],
        },
        {
          // Relative filters: worked out when the dashboard asks, so they move with the clock.
          kind: 'count',
          name: 'overdue',
          title: 'Overdue',
          entity: 'tickets',
          where: { status: ['new', 'open'], dueAt: { lt: now() } },
          roles: ['agent', 'admin'],
        },
        {
          kind: 'count',
          name: 'dueSoon',
          title: 'Due within a day',
          entity: 'tickets',
          where: { status: ['new', 'open'], dueAt: { gte: now(), lt: addHours(now(), 24) } },
          roles: ['agent', 'admin'],
        },
        {
          kind: 'count',
          name: 'mine',
          title: 'Assigned to me',
          entity: 'tickets',
          where: { status: [...OPEN_STATES], assignee: caller('id') },
          roles: ['agent'],
        },
        {
          // Fed by the tickets' aggregate, so it counts only what the viewer may read.
          kind: 'chart',
          name: 'byStatus',
          title: 'Tickets by status',
          entity: 'tickets',
          groupBy: 'status',
          roles: ['agent', 'admin'],
        },
        {
          kind: 'chart',
          name: 'openByPriority',
          title: 'Open tickets by priority',
          entity: 'tickets',
          groupBy: 'priority',
          where: { status: [...OPEN_STATES] },
          roles: ['agent', 'admin'],
        },
      ],
    },
    tickets: {
      route: '/tickets',
      kind: 'list',
      title: 'Tickets',
      entity: 'tickets',
      columns: ['subject', 'status', 'priority', 'category', 'assignee', 'dueAt'],
      filters: ['status', 'priority', 'category', 'assignee'],
      search: 'subject',
      sort: '-createdAt',
    },
    board: {
      route: '/tickets/board',
      kind: 'board',
      title: 'Board',
      entity: 'tickets',
      roles: ['agent', 'admin'],
    },
    newTicket: {
      route: '/tickets/new',
      kind: 'form',
      title: 'New ticket',
      entity: 'tickets',
      roles: ['customer'],
      fields: ['subject', 'description', 'priority', 'category'],
    },
    ticket: {
      route: '/tickets/:id',
      kind: 'detail',
      title: 'Ticket',
      entity: 'tickets',
      related: [{ entity: 'comments', via: 'ticket', title: 'Conversation' }],
    },
    articles: {
      route: '/articles',
      kind: 'list',
      title: 'Knowledge base',
      entity: 'articles',
      roles: ['anonymous', 'customer', 'agent', 'admin'],
      columns: ['title', 'published', 'updatedAt'],
      search: 'title',
    },
    newArticle: {
      route: '/articles/new',
      kind: 'form',
      title: 'New article',
      entity: 'articles',
      roles: ['admin'],
      fields: ['title', 'body', 'published'],
    },
    article: {
      route: '/articles/:id',
      kind: 'detail',
      title: 'Article',
      entity: 'articles',
      roles: ['anonymous', 'customer', 'agent', 'admin'],
    },
  },
});
