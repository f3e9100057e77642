/**
 * A delete guard judges deletes only: a claim item of a submitted claim cannot be deleted
 * (CLAIM_LOCKED), and a PATCH that moved it to another claim left the submitted claim as
 * empty as a delete would. Its reference is immutable now, so it cannot move at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { type Ledger, startLedger } from './ledger-app';

describe.each(DIALECTS)('an item of a submitted claim on %s', (dialect) => {
  let l: Ledger;
  beforeAll(async () => {
    l = await startLedger(dialect);
  });
  afterAll(() => l?.close());

  it('cannot be moved to a draft claim, as it cannot be deleted', async () => {
    const claim = await l.create('claims', { title: 'Sent' });
    const item = await l.create('claimItems', { claim: claim.id, amount: 10 });
    expect((await l.call('POST', `/api/entities/claims/${claim.id}/transitions/submit`, {})).status).toBe(
      200,
    );
    const draft = await l.create('claims', { title: 'Draft' });
    const deleted = await l.call('DELETE', `/api/entities/claimItems/${item.id}`);
    expect([deleted.status, deleted.body.code]).toEqual([409, 'CLAIM_LOCKED']);
    const moved = await l.call('PATCH', `/api/entities/claimItems/${item.id}`, { claim: draft.id });
    expect([moved.status, moved.body.code, moved.body.errors]).toEqual([
      422,
      'VALIDATION_FAILED',
      [expect.objectContaining({ path: 'claim', code: 'immutable' })],
    ]);
    const stored = (await l.call('GET', `/api/entities/claimItems/${item.id}`)).body;
    expect([stored.claim, stored.version]).toEqual([claim.id, item.version]);
    // Its amount may still change: only the reference is fixed.
    expect((await l.call('PATCH', `/api/entities/claimItems/${item.id}`, { amount: 11 })).status).toBe(200);
  });
});
