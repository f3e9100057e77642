/**
 * Review (issue #18, "Upload streams"): "a body over the limit is refused as soon as it passes
 * the limit (413 from the catalogue)". Sent chunked (no Content-Length to judge up front), the
 * bytes outside the file part — multipart's preamble before the first boundary and its
 * epilogue after the last — are never counted: a body far past the limit goes up whole and
 * is answered 201. Cause: only the file part passes inspectUpload's counter, busboy skips the
 * rest unread-by-anyone, and `tooLong` judges only a declared Content-Length.
 */
import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type FileHarness, png, startFiles, type TestUser } from './file-harness';
import { closing, filePartHead, rawUpload } from './security-raw-upload';

/** The helpdesk's attachments take 10 MiB a file; 12 MiB of padding is past any reading of the limit. */
const MiB = 1_048_576;
const PADDING = Array.from({ length: 12 }, () => Buffer.alloc(MiB, 0x61));

describe.each(DIALECTS)('a chunked body past the limit outside its file part, on %s', (dialect) => {
  let h: FileHarness;
  let customer: TestUser;
  let ticket: string;

  beforeAll(async () => {
    h = await startFiles(app, dialect);
    customer = await h.user('customer');
    const res = await h.call(customer, 'POST', '/api/entities/tickets', {
      subject: 'Large bodies',
      description: 'Padding around a small file.',
    });
    ticket = res.json().id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    { where: 'before the first boundary (preamble)', before: PADDING, after: [] as Buffer[] },
    { where: 'after the last boundary (epilogue)', before: [] as Buffer[], after: PADDING },
  ])('12 MiB $where is refused 413, nothing kept', async ({ before, after }) => {
    const b = 'nfreviewpad';
    const rows = await h.ledger();
    const res = await rawUpload(
      h.port,
      `/api/entities/tickets/${ticket}/files/attachments`,
      customer.headers,
      b,
      [
        ...before,
        before.length > 0 ? '\r\n' : '',
        filePartHead(b, 'small.png'),
        await png(),
        closing(b),
        ...after,
      ],
    );
    expect(res.status, res.body.slice(0, 200)).toBe(413);
    expect(JSON.parse(res.body).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await h.ledger()).toEqual(rows);
  });
});
