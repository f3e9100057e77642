/**
 * Titles of the records the page has loaded, shared between sections, so a reference
 * (a ticket's assignee, a comment's ticket) reads as a name rather than an id.
 */
import type { ClientMeta } from '@ninefold/spec';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ApiRecord } from '../api/api-types';
import type { RefTitles } from '../format/format-value';
import { useMeta } from '../meta/meta-provider';
import { useSession } from '../session/session-provider';

interface RefTitlesValue {
  readonly titles: RefTitles;
  publish(entity: string, items: readonly ApiRecord[]): void;
}

const RefTitlesContext = createContext<RefTitlesValue | null>(null);

function titleOf(meta: ClientMeta, entity: string, record: ApiRecord): string | undefined {
  const field = meta.entities[entity]?.title;
  const value = field ? record[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * @example <RefTitlesProvider><HomePage /></RefTitlesProvider>
 */
export function RefTitlesProvider({ children }: { readonly children: ReactNode }) {
  const meta = useMeta();
  const { user } = useSession();
  const [published, setPublished] = useState<ReadonlyMap<string, string>>(new Map());

  const publish = useCallback(
    (entity: string, items: readonly ApiRecord[]) => {
      const found = items.flatMap((r) => {
        const t = titleOf(meta, entity, r);
        return t ? [[r.id, t] as const] : [];
      });
      if (found.length === 0) return;
      setPublished((before) => {
        if (found.every(([id, t]) => before.get(id) === t)) return before;
        return new Map([...before, ...found]);
      });
    },
    [meta],
  );

  const titles = useMemo(() => {
    if (!user?.name) return published;
    return new Map([...published, [user.id, `${String(user.name)} (you)`]]);
  }, [published, user]);

  const value = useMemo(() => ({ titles, publish }), [titles, publish]);
  return <RefTitlesContext.Provider value={value}>{children}</RefTitlesContext.Provider>;
}

/** The titles known so far, by record id. */
export function useRefTitles(): RefTitles {
  return useContext(RefTitlesContext)?.titles ?? new Map();
}

/**
 * Makes the titles of loaded records known to every table on the page.
 * @example usePublishTitles('tickets', items);
 */
export function usePublishTitles(entity: string, items: readonly ApiRecord[]): void {
  const publish = useContext(RefTitlesContext)?.publish;
  useEffect(() => publish?.(entity, items), [publish, entity, items]);
}
