/**
 * Regression, per dialect: the realtime route answered any unexpected throw as INTERNAL on
 * the socket and logged nothing, and looked the code up with `app.errors[code]`, so a code
 * named like a prototype member (`constructor`) found Object's constructor and answered an
 * error message without a code. Now every INTERNAL is logged with its stack and the
 * socket's request id, an unknown code is logged as such, and neither tells the socket more
 * than the catalogue's INTERNAL message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/app-error';
import { DIALECTS } from '../test-databases';
import { type Clinic, startClinic } from '../workflows/clinic-app';
import { TestSocket } from './test-socket';

const SECRET = 'select notes from visits /srv/secret';

const THROWS = [
  { what: 'a plain Error', thrown: () => new TypeError(SECRET), logged: /a socket message failed/ },
  {
    what: 'an AppError with a code the catalogue lacks',
    thrown: () => new AppError('NO_SUCH_CODE' as never),
    logged: /NO_SUCH_CODE is not in the error catalogue/,
  },
  {
    what: "an AppError coded 'constructor'",
    thrown: () => new AppError('constructor' as never),
    logged: /constructor is not in the error catalogue/,
  },
];

describe.each(DIALECTS)('unexpected failures on a socket, on %s', (dialect) => {
  let c: Clinic;
  beforeAll(async () => {
    c = await startClinic(dialect);
  });
  afterAll(() => c?.close());

  it.each(THROWS)('$what: INTERNAL on the socket, logged with its stack', async ({ thrown, logged }) => {
    const hub = c.nf.server.realtime;
    const subscribe = hub.subscribe;
    hub.subscribe = () => {
      throw thrown();
    };
    const socket = await TestSocket.open(c.port, c.doctor.headers);
    try {
      const before = c.errors.length;
      socket.send({ type: 'subscribe', id: 's1', entity: 'visits' });
      const answer = await socket.next((m) => m.type === 'error');
      expect(answer).toEqual({ type: 'error', id: 's1', code: 'INTERNAL', detail: expect.any(String) });
      expect(JSON.stringify(answer)).not.toContain('secret');
      const lines = c.errors.slice(before);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toMatch(logged);
      expect(lines[0]!.err.stack).toMatch(/\n\s+at /);
      expect(lines[0]!.reqId).toEqual(expect.any(String));
    } finally {
      hub.subscribe = subscribe;
      await socket.close();
    }
  });
});
