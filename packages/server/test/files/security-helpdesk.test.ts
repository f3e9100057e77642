/**
 * Review (issue #18, "who can upload … not to a closed ticket"): a closed or cancelled ticket
 * takes no more attachments from its customer, and no new comment (TICKET_CLOSED) — yet the
 * customer still attaches files to a comment of theirs on it. Cause: the helpdesk's comments
 * grant `update: { customer: { where: callerIs('author'), fields: ['attachments'] } }` has no
 * condition on the ticket's state (noCommentsOnClosedTickets judges creates only).
 */
import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type FileHarness, png, startFiles, type TestUser } from './file-harness';

describe.each(DIALECTS)('attachments on a finished ticket, on %s', (dialect) => {
  let h: FileHarness;
  let customer: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    h = await startFiles(app, dialect);
    customer = await h.user('customer');
    agent = await h.user('agent');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A ticket of the customer's with a comment of theirs, taken to `end`. */
  async function finished(end: 'closed' | 'cancelled'): Promise<{ ticket: string; comment: string }> {
    const ticket = (
      await h.call(customer, 'POST', '/api/entities/tickets', {
        subject: `A ${end} ticket`,
        description: 'x',
      })
    ).json().id as string;
    const comment = (
      await h.call(customer, 'POST', '/api/entities/comments', { ticket, body: 'My words.' })
    ).json().id as string;
    const steps: [string, Record<string, unknown>, TestUser][] =
      end === 'closed'
        ? [
            ['triage', {}, agent],
            ['resolve', { resolution: 'Done.' }, agent],
            ['close', {}, agent],
          ]
        : [['withdraw', {}, customer]];
    for (const [name, input, who] of steps) {
      const res = await h.call(who, 'POST', `/api/entities/tickets/${ticket}/transitions/${name}`, input);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { ticket, comment };
  }

  it.each(['closed', 'cancelled'] as const)(
    'a %s ticket: no attachment on the ticket, no new comment, and none on an old comment either',
    async (end) => {
      const { ticket, comment } = await finished(end);
      const file = { name: 'file', filename: 'late.png', data: await png() };
      expect((await h.upload(customer, `tickets/${ticket}/files/attachments`, file)).statusCode).toBe(403);
      const again = await h.call(customer, 'POST', '/api/entities/comments', { ticket, body: 'Again.' });
      expect(again.statusCode).toBe(409);
      const onComment = await h.upload(customer, `comments/${comment}/files/attachments`, file);
      expect([403, 409]).toContain(onComment.statusCode);
      const after = (await h.call(customer, 'GET', `/api/entities/comments/${comment}`)).json();
      expect(after.attachments).toEqual([]);
      // The form must not offer it either.
      expect(after.$can.update).not.toContain('attachments');
    },
  );
});
