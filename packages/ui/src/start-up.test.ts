import type { MetaAnswer } from '@ninefold/client';
import app from '@ninefold/example-helpdesk';
import { metaAnswer } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { firstPage } from './start-up';

const meta = JSON.parse(JSON.stringify(metaAnswer(app))) as MetaAnswer;
const agent = { role: 'agent' };

describe('firstPage', () => {
  it('is the screen at the address when the person may see it', () => {
    expect(firstPage(meta, {}, '/tickets', agent)).toEqual({ kind: 'list', screen: meta.screens.tickets });
    expect(firstPage(meta, {}, '/tickets/board', agent)?.kind).toBe('board');
    expect(firstPage(meta, {}, '/tickets/01a1', agent)?.kind).toBe('detail');
    expect(firstPage(meta, {}, '/articles', null)?.kind).toBe('list');
  });

  it('is the sign-in page for a visitor sent there, and for the sign-in address itself', () => {
    expect(firstPage(meta, {}, '/tickets', null)).toEqual({ kind: 'login' });
    expect(firstPage(meta, {}, '/login', null)).toEqual({ kind: 'login' });
    expect(firstPage(meta, {}, '/signup', null)).toEqual({ kind: 'signup' });
  });

  it('is nothing where the generated UI draws no page of its own', () => {
    // A signed-in person at /login is sent on; a screen of another role says "not allowed".
    expect(firstPage(meta, {}, '/login', agent)).toBeUndefined();
    expect(firstPage(meta, {}, '/admin', agent)).toBeUndefined();
    expect(firstPage(meta, {}, '/no/such/page', agent)).toBeUndefined();
    // An app's own page for the screen.
    expect(firstPage(meta, { pages: { tickets: () => null } }, '/tickets', agent)).toBeUndefined();
  });
});
