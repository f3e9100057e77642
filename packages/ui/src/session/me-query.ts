/**
 * The query of who is signed in, shared by the session provider and the app's start-up (which
 * asks before the first render), so both read and write the same cache entry.
 */
import type { NinefoldClient } from '@ninefold/client';
import { queryKeys } from '@ninefold/react';
import type { AnyApp, AnyUser } from '../data/ninefold';

/**
 * @example useQuery(meQuery(client)).data // the user, or null when signed out
 */
export function meQuery(client: NinefoldClient<AnyApp>) {
  return {
    queryKey: queryKeys.me(),
    queryFn: (): Promise<AnyUser | null> => client.auth.me(),
    // Changed only by sign-in, sign-up and sign-out, which write it themselves.
    staleTime: Number.POSITIVE_INFINITY,
  } as const;
}
