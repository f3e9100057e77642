/**
 * A failure after an export has begun (its headers and first page sent) ends the answer
 * short and tells nothing of the failure: no stack, no SQL, no half-made problem in the
 * file. A stored list that is not JSON makes a later page fail to decode; only SQLite lets
 * such a value be stored (PostgreSQL's jsonb refuses it), so this runs there.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryWorld, queryWorld } from './query-world';

describe('an export that fails mid-stream', () => {
  let w: QueryWorld;
  beforeAll(async () => {
    w = await queryWorld('sqlite');
    // The oldest order comes last in the list's order (newest first): on the third page.
    const broken = await w.order({ region: 'north', note: 'broken' });
    for (let i = 0; i < 24; i++) await w.order({ region: 'south', qty: i });
    await w.nf.db.run(
      sql`update orders set tags = ${'{not json'} where id = ${broken.id}`.compile(w.nf.db.qb),
    );
  });
  afterAll(async () => w?.close());

  it('ends the file short, with no stack or SQL in it', async () => {
    let body = '';
    let failed = false;
    try {
      const res = await w.get('/api/entities/orders/export', w.member);
      body = res.body;
      expect(res.statusCode).toBe(200);
    } catch (e) {
      failed = true;
      body = String((e as Error).message);
    }
    // Either the transport saw the answer cut, or the file stops before the broken row.
    console.info(
      `mid-stream export failure: ${failed ? 'transport error' : `${body.split('\r\n').length - 1} lines`}`,
    );
    expect(failed || !body.includes('broken')).toBe(true);
    expect(body).not.toMatch(/SyntaxError|at .*\.(ts|js):\d+|select |JSON\.parse/);
  });

  it('a failure on the first page, before anything is sent, is a problem answer', async () => {
    const res = await w.get('/api/entities/orders/export?region=north', w.member);
    // A stored value that cannot be read is the server's failure, not a body that is not JSON
    // (problem.ts read every SyntaxError as the client's 400 once).
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).not.toMatch(/SyntaxError|at .*\.(ts|js):\d+|select |not json/);
  });
});
