/**
 * The demo tickets Bob Okafor files: a resolved one past its reopen window, a withdrawn one,
 * a reopened one, one back with the agents after he answered, one waiting for him, and a new one.
 */
import { type DemoTicket, note, resolve, run, say, triage } from './demo-script';

/**
 * Bob's tickets, oldest first; 4 of them stay open (new, open or pending), under the
 * limit of 5, so the demo can still file new ones.
 * @example BOB_TICKETS.length // 6
 */
export const BOB_TICKETS: readonly DemoTicket[] = [
  {
    requester: 'bob',
    daysAgo: 11,
    fields: {
      subject: 'How do I add a second admin to our account?',
      description:
        'Our office manager needs to manage billing while I am on leave. How can I give her admin rights?',
      priority: 'normal',
      category: 'account',
      tags: ['permissions'],
    },
    steps: [
      triage('agent2', 3),
      say(
        'agent2',
        0.5,
        'Hi Bob! Invite her under Settings → Members; once she has accepted, change her role to Admin from the same page.',
      ),
      say('bob', 5, 'Found it and it worked, thanks.'),
      resolve('agent2', 1, 'Explained how to promote a member to admin in Settings → Members.'),
    ],
  },
  {
    requester: 'bob',
    daysAgo: 8,
    fields: {
      subject: "Please cancel our old 'bob-test' workspace",
      description:
        'We set up a test workspace last year and no longer need it. Please cancel it so it stops showing up in our invoices.',
      priority: 'low',
      category: 'billing',
      tags: [],
    },
    steps: [
      triage('agent', 4),
      say(
        'agent',
        0.5,
        'Hi Bob, before we delete it: the workspace still has 3 active integrations. Shall we export its data first?',
      ),
      say(
        'bob',
        6,
        'No need. I see I can delete it myself under Settings → Workspace, so I just did. Sorry for the noise!',
      ),
      run('bob', 0.1, 'withdraw'),
    ],
  },
  {
    requester: 'bob',
    daysAgo: 5,
    fields: {
      subject: 'API returns 500 when filtering tickets by date range',
      description:
        'GET /v1/tickets?created_after=2025-03-01T00:00:00+02:00 answers 500. Without the filter the call works.',
      priority: 'high',
      category: 'technical',
      tags: ['api'],
    },
    steps: [
      triage('agent2', 1),
      say(
        'agent2',
        6,
        'Thanks for the example, Bob. A fix is deployed: date filters now accept ISO 8601 timestamps with offsets.',
      ),
      resolve('agent2', 0.2, 'Fixed parsing of date-range filters (release 4.18.2).'),
      say('bob', 30, 'Still failing for me with a +02:00 offset, request ID req_8f2c.'),
      run('bob', 0.1, 'reopen'),
      note(
        'agent2',
        2,
        'The offset case goes through the legacy v1 endpoint; the fix only went into v2. Patching v1 as well.',
      ),
    ],
  },
  {
    requester: 'bob',
    daysAgo: 3,
    fields: {
      subject: 'Password reset email never arrives',
      description:
        'I requested a password reset three times this morning and nothing came through. I am locked out of my account.',
      priority: 'urgent',
      category: 'account',
      tags: ['email'],
    },
    steps: [
      triage('agent', 0.5),
      say(
        'agent',
        0.3,
        'Hi Bob, our logs show the reset email was accepted by your mail server at 09:14. Could you check your spam folder or quarantine?',
      ),
      run('agent', 0.1, 'await'),
      // Bob's reply opens the ticket again by itself (the trigger customerReplyReopens).
      say('bob', 3, 'Nothing in spam, and our IT says the quarantine is empty too.'),
      note(
        'agent',
        1,
        'Their mail gateway rejects our DKIM signature since the key rotation. Asked ops to republish the old selector for a week.',
      ),
    ],
  },
  {
    requester: 'bob',
    daysAgo: 2.6,
    fields: {
      subject: 'Webhook deliveries keep retrying after our endpoint answers 200',
      description:
        'Our endpoint logs show each event arriving 5 or 6 times, although every delivery gets a 200 response.',
      priority: 'normal',
      category: 'technical',
      tags: ['webhooks'],
    },
    steps: [
      triage('agent2', 5),
      say(
        'agent2',
        0.5,
        'Could you send us the response headers your endpoint returns? A 200 with a body over 1 MB is treated as a failed delivery.',
      ),
      run('agent2', 0.1, 'await'),
    ],
  },
  {
    requester: 'bob',
    daysAgo: 0.125,
    fields: {
      subject: 'Feature request: Slack notifications for new replies',
      description:
        'It would help if replies to our tickets were also posted to a Slack channel, so the whole team sees them.',
      priority: 'normal',
      category: 'other',
      tags: ['feature-request', 'integrations'],
    },
    steps: [],
  },
];
