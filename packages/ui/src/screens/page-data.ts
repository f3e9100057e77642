/**
 * The first data a screen's page asks for, asked for by the start-up at the same time as the
 * page's code, so it is in the cache when the page first renders: a list screen draws its
 * rows at once instead of placeholders, a round trip later. Only kinds whose first question
 * can be known from the address are here; the others ask when they render, as before.
 */
import type { MetaAnswer, NinefoldClient } from '@ninefold/client';
import { queryKeys } from '@ninefold/react';
import type { ScreenInput } from '@ninefold/spec';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyApp } from '../data/ninefold';
import { listCall, readListState } from '../pages/list/list-query';

export interface PageDataContext {
  readonly meta: MetaAnswer;
  readonly client: NinefoldClient<AnyApp>;
  readonly queryClient: QueryClient;
  /** The address's query string (`?status=open&sort=-dueAt`). */
  readonly search: string;
}

/**
 * Fills the cache with what the screen's page asks for first; resolves when it is there (or
 * failed: the page then asks again and shows the failure).
 * @example await preloadPageData(meta.screens.tickets!, { meta, client, queryClient, search: location.search });
 */
export async function preloadPageData(screen: ScreenInput, ctx: PageDataContext): Promise<void> {
  const entity = screen.entity ? ctx.meta.entities[screen.entity] : undefined;
  if (screen.kind !== 'list' || !screen.entity || !entity) return;
  const name = screen.entity;
  const state = readListState(new URLSearchParams(ctx.search), screen);
  const call = listCall(entity, screen, state, ctx.meta.limits.pageSize.default);
  // The key nf.useList() makes for the same call, so the page finds the answer.
  await ctx.queryClient.prefetchQuery({
    queryKey: queryKeys.list(name, call),
    queryFn: () => ctx.client.list(name, call as never),
    // No waiting through retries before the first render: the page asks again itself.
    retry: false,
  });
}
