/**
 * A dialog's view of its record while it is open: the version it opened on (the base its
 * edits are measured against and sent with) and the live one, which realtime keeps current,
 * so the dialog can say what someone else changed meanwhile without touching what the user
 * typed. The user's own write is not news: while it is out, its new version is not listed
 * as someone else's change.
 */
import { queryKeys } from '@ninefold/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { problemCode } from '../feedback/problem-message';
import { type FieldChange, recordChanges } from '../forms/record-changes';
import { useMeta } from '../meta/meta-provider';
import { nf } from './ninefold';

/** A record as the pages hold it. */
export type DriftRecord = {
  readonly id: string;
  readonly version: number;
  readonly [field: string]: unknown;
};

export interface RecordDrift {
  /** The version the dialog works on: the one it opened on, or the one the user took since. */
  readonly base: DriftRecord;
  /** The newest version this tab knows of. */
  readonly latest: DriftRecord;
  /** The fields someone else changed since `base`: empty while nobody has, and while the user's own write is out. */
  readonly changes: readonly FieldChange[];
  /** True once the record is deleted or no longer readable by the caller. */
  readonly gone: boolean;
  /** True from `send` until its write is refused (after success the dialog closes). */
  readonly sending: boolean;
  /** Runs the user's own write, so its new version does not read as someone else's change. */
  send<T>(write: () => Promise<T>): Promise<T>;
  /**
   * Asks the server for the newest version (after a 412) and answers it, or the newer one
   * realtime brought meanwhile; undefined when the record is gone. Other failures throw.
   */
  refresh(): Promise<DriftRecord | undefined>;
  /** Makes a version the new base (the user took it: "Reload"). */
  rebase(record: DriftRecord): void;
}

/**
 * The record a dialog is open on, as it was and as it is now.
 * @example const drift = useRecordDrift('tickets', ticket); drift.changes.map((c) => c.name)
 */
export function useRecordDrift(entity: string, opened: DriftRecord): RecordDrift {
  const meta = useMeta();
  const client = nf.useClient();
  const qc = useQueryClient();
  const query = nf.useRecord(entity, opened.id);
  const live = query.data as DriftRecord | undefined;
  const [base, setBase] = useState(opened);
  const [sending, setSending] = useState(false);
  const [goneSeen, setGoneSeen] = useState(false);
  // A list's copy can be newer than a record entry not yet refetched: keep the newest.
  const latest = live && live.version >= base.version ? live : base;
  // What `refresh` compares its answer with once it comes: the newest by then, not at its call.
  const latestRef = useRef(latest);
  latestRef.current = latest;
  const fields = meta.entities[entity]?.fields;
  const changes = useMemo(
    () => (fields && !sending && latest.version > base.version ? recordChanges(fields, base, latest) : []),
    [fields, sending, base, latest],
  );

  const send = useCallback(async <T>(write: () => Promise<T>) => {
    setSending(true);
    try {
      return await write();
    } catch (err) {
      setSending(false);
      throw err;
    }
  }, []);

  // A direct read: the query's refetch answers what the cache holds when the fetch fails or
  // a realtime invalidation cancels it, which may be the very version the server refused.
  const { id } = opened;
  const refresh = useCallback(async () => {
    try {
      const fresh = (await client.get(entity, id)) as DriftRecord;
      const held = latestRef.current;
      if (held.version > fresh.version) return held;
      qc.setQueryData(queryKeys.record(entity, id), (old: DriftRecord | undefined) =>
        old && old.version > fresh.version ? old : fresh,
      );
      return fresh;
    } catch (err) {
      if (problemCode(err) !== 'NOT_FOUND') throw err;
      setGoneSeen(true);
      return undefined;
    }
  }, [client, qc, entity, id]);

  return {
    base,
    latest,
    changes,
    gone: goneSeen || (query.isError && problemCode(query.error) === 'NOT_FOUND'),
    sending,
    send,
    refresh,
    rebase: setBase,
  };
}
