/**
 * A widget's `where` as the client's list filters. Its relative values (`now()`,
 * `addHours(now(), 24)`, `caller('id')`) are worked out by the spec's one translation,
 * `whereFilters`, for the signed-in user and the current minute — a minute, so the query's key
 * (and its cache) holds still between renders, and the widget moves on with the clock.
 */
import { type Where, whereFilters } from '@ninefold/spec';
import { useEffect, useMemo, useState } from 'react';
import { useMeta } from '../../meta/meta-provider';
import { useSession } from '../../session/session-provider';

const MINUTE = 60_000;

/**
 * A `Where` worked out for a caller and a time, as the client's `where` (field → operators).
 * @example widgetWhere({ status: ['new', 'open'], dueAt: { lt: now() } }, env)
 * // { status: { in: ['new', 'open'] }, dueAt: { lt: '2025-03-01T10:00:00.000Z' } }
 */
export function widgetWhere(
  where: Where | undefined,
  env: Parameters<typeof whereFilters>[1],
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const c of whereFilters(where, env)) out[c.field] = { ...out[c.field], [c.op]: c.value };
  return out;
}

function useMinute(): number {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / MINUTE) * MINUTE);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // At each turn of the minute, not a minute after the page opened.
    const tick = () => {
      setMinute(Math.floor(Date.now() / MINUTE) * MINUTE);
      timer = setTimeout(tick, MINUTE - (Date.now() % MINUTE));
    };
    timer = setTimeout(tick, MINUTE - (Date.now() % MINUTE));
    return () => clearTimeout(timer);
  }, []);
  return minute;
}

/**
 * The widget's filters for the signed-in user, now (to the minute); the same object until
 * either changes.
 * @example const where = useWidgetWhere(widget.where); nf.useList('tickets', { where });
 */
export function useWidgetWhere(where: Where | undefined): Record<string, Record<string, unknown>> {
  const meta = useMeta();
  const { user, role } = useSession();
  const minute = useMinute();
  const id = user?.id;
  const email = user?.email;
  return useMemo(
    () =>
      widgetWhere(where, {
        app: meta,
        caller: id ? { id, role, email } : null,
        now: new Date(minute),
      }),
    [where, meta, id, role, email, minute],
  );
}
