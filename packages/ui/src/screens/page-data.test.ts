import type { MetaAnswer } from '@ninefold/client';
import { createClient } from '@ninefold/client';
import app from '@ninefold/example-helpdesk';
import { queryKeys } from '@ninefold/react';
import { metaAnswer } from '@ninefold/spec';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AnyApp } from '../data/ninefold';
import { preloadPageData } from './page-data';

const meta = JSON.parse(JSON.stringify(metaAnswer(app))) as MetaAnswer;
const PAGE = { items: [], nextCursor: null };

function setup() {
  const list = vi.fn(async () => PAGE);
  const client = { ...createClient<AnyApp>({ url: 'http://127.0.0.1:1' }), list };
  return { list, client, queryClient: new QueryClient() };
}

describe('preloadPageData', () => {
  it("asks a list screen's call for the address, under the key its page reads", async () => {
    const { list, client, queryClient } = setup();
    const search = '?status=open&sort=-dueAt&unknown=1';
    await preloadPageData(meta.screens.tickets!, { meta, client, queryClient, search });
    const call = {
      where: { status: 'open' },
      sort: '-dueAt',
      limit: meta.limits.pageSize.default,
      cursor: null,
      count: true,
      expand: ['assignee'],
    };
    expect(list).toHaveBeenCalledWith('tickets', call);
    // nf.useList(name, { ...call }) keys its query so (see ListPage).
    expect(queryClient.getQueryData(queryKeys.list('tickets', { ...call }))).toEqual(PAGE);
  });

  it('asks nothing for the kinds whose first question it does not know', async () => {
    const { list, client, queryClient } = setup();
    await preloadPageData(meta.screens.ticket!, { meta, client, queryClient, search: '' });
    await preloadPageData(meta.screens.board!, { meta, client, queryClient, search: '' });
    expect(list).not.toHaveBeenCalled();
  });

  it('leaves a failure to the page, which asks again', async () => {
    const { client, queryClient } = setup();
    client.list = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(
      preloadPageData(meta.screens.tickets!, { meta, client, queryClient, search: '' }),
    ).resolves.toBeUndefined();
  });
});
