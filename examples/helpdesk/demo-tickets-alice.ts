/**
 * The demo tickets Alice Moreau files: a closed, a cancelled, an open, a pending, a resolved
 * and a new one.
 */
import { type DemoTicket, note, rate, resolve, run, say, triage } from './demo-script';

/**
 * Alice's tickets, oldest first; 3 of them stay open (new, open or pending), under the
 * limit of 5, so the demo can still file new ones.
 * @example ALICE_TICKETS.length // 6
 */
export const ALICE_TICKETS: readonly DemoTicket[] = [
  {
    requester: 'alice',
    daysAgo: 12,
    fields: {
      subject: "Charged twice for this month's subscription",
      description:
        'Our card statement shows two charges of €149.00 for the Team plan on the same day. We only have one workspace. Could you refund the duplicate?',
      priority: 'urgent',
      category: 'billing',
      tags: ['invoice', 'refund'],
    },
    steps: [
      triage('agent', 1),
      note(
        'agent',
        0.5,
        'The payment provider shows two captures 40 seconds apart: the retry job fired after a gateway timeout. Refunding the second capture.',
      ),
      say(
        'agent',
        0.5,
        "Hi Alice, thanks for flagging this. The second charge was a duplicate caused by a payment retry on our side. I've refunded it; it should reach your card within 5–10 business days.",
      ),
      say('alice', 2, 'Thank you, that was quick!'),
      resolve(
        'agent',
        1,
        'Duplicate charge refunded (refund RF-20931). Cause: a payment retry after a gateway timeout; fix tracked in BILL-412.',
      ),
      run('alice', 20, 'close'),
      rate('alice', 0.1, 5),
    ],
  },
  {
    requester: 'alice',
    daysAgo: 9,
    fields: {
      subject: 'Login page takes 30 seconds to load',
      description:
        'Since this morning the login page spins for about half a minute before the form appears, on Chrome and Firefox.',
      priority: 'high',
      category: 'technical',
      tags: ['performance'],
    },
    steps: [
      say('alice', 2, 'Sorry, this was our office VPN: everything is fast again since IT restarted it.'),
      run('alice', 0.1, 'withdraw'),
    ],
  },
  {
    requester: 'alice',
    daysAgo: 6,
    fields: {
      subject: 'Cannot export reports to CSV since the last update',
      description:
        'Clicking "Export CSV" on the quarterly report shows "Something went wrong". Smaller reports still export fine.',
      priority: 'high',
      category: 'technical',
      tags: ['reports', 'export'],
    },
    steps: [
      triage('agent', 2),
      note(
        'agent',
        1,
        'Reproduced on staging: exports over 10k rows time out in the streaming writer. Raised ENG-2231.',
      ),
      say(
        'agent',
        0.2,
        'Thanks Alice, we can reproduce this for large reports and engineering is on it. Until then, exporting one month at a time keeps each file under the limit.',
      ),
      say('alice', 3, 'The workaround helps for now, thank you. Please keep me posted.'),
    ],
  },
  {
    requester: 'alice',
    daysAgo: 4,
    fields: {
      subject: 'Two-factor codes arrive several minutes late',
      description:
        'Text messages with sign-in codes take 3 to 5 minutes to arrive, by which time the code has expired.',
      priority: 'high',
      category: 'account',
      tags: ['2fa', 'sms'],
    },
    steps: [
      triage('agent', 1),
      say(
        'agent',
        0.5,
        'Hi Alice, which mobile carrier is the phone on? And does this also happen with an authenticator app, or only with text messages?',
      ),
      run('agent', 0.1, 'await'),
      note(
        'agent',
        0.5,
        'The SMS provider reports delays on one carrier in the region; waiting for the customer to confirm hers.',
      ),
    ],
  },
  {
    requester: 'alice',
    daysAgo: 2,
    fields: {
      subject: 'Request: dark mode for the dashboard',
      description: 'Our support team works late shifts; a dark theme would be much easier on the eyes.',
      priority: 'low',
      category: 'other',
      tags: ['feature-request'],
    },
    steps: [
      triage('agent2', 4),
      say(
        'agent2',
        0.3,
        "Thanks for the suggestion! Dark mode is on our roadmap for next quarter, and I've added your vote.",
      ),
      resolve('agent2', 0.1, 'Feature request recorded on the roadmap (UX-88).'),
    ],
  },
  {
    requester: 'alice',
    daysAgo: 1,
    fields: {
      subject: 'Invoice shows the wrong VAT number',
      description:
        'Our latest invoice lists an old VAT number for our company. Could you issue a corrected invoice?',
      priority: 'normal',
      category: 'billing',
      tags: ['invoice'],
    },
    steps: [
      say(
        'alice',
        1,
        'Our correct VAT number is FR 40 303 265 045. Our accountant needs the corrected invoice by Friday.',
      ),
    ],
  },
];
