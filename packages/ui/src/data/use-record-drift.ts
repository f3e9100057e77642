/**
 * A dialog's view of its record while it is open: the version it opened on (the base its
 * edits are measured against and sent with) and the live one, which realtime keeps current,
 * so the dialog can say what someone else changed meanwhile without touching what the user
 * typed.
 */
import { useCallback, useMemo, useState } from 'react';
import { problemCode } from '../api/api-error';
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
  /** The fields someone else changed since `base` (empty while nobody has). */
  readonly changes: readonly FieldChange[];
  /** True once the record is deleted or no longer readable by the caller. */
  readonly gone: boolean;
  /** Asks the server for the newest version (after a 412) and answers it (undefined when gone). */
  refresh(): Promise<DriftRecord | undefined>;
  /** Makes a version the new base (the user took it: "Reload"). */
  rebase(record: DriftRecord): void;
}

/**
 * @example const drift = useRecordDrift('tickets', ticket); drift.changes.map((c) => c.name)
 */
export function useRecordDrift(entity: string, opened: DriftRecord): RecordDrift {
  const meta = useMeta();
  const query = nf.useRecord(entity, opened.id);
  const live = query.data as DriftRecord | undefined;
  const [base, setBase] = useState(opened);
  // A list's copy can be newer than a record entry not yet refetched: keep the newest.
  const latest = live && live.version >= base.version ? live : base;
  const fields = meta.entities[entity]?.fields;
  const changes = useMemo(
    () => (fields && latest.version > base.version ? recordChanges(fields, base, latest) : []),
    [fields, base, latest],
  );
  const { refetch } = query;
  const refresh = useCallback(async () => (await refetch()).data as DriftRecord | undefined, [refetch]);
  return {
    base,
    latest,
    changes,
    gone: query.isError && problemCode(query.error) === 'NOT_FOUND',
    refresh,
    rebase: setBase,
  };
}
