/**
 * The audit log's filters: entity, record, actor, operation and a range of days, applied
 * together when the form is submitted (Enter works from any field), cleared with one button.
 * The days are the viewer's own: `auditQuery` turns them into instants for the server.
 */
import type { AuditQuery } from '@ninefold/client';
import { type FormEvent, useEffect, useState } from 'react';
import { useMeta } from '../meta/meta-provider';

export interface AuditFilter {
  readonly entity: string;
  readonly recordId: string;
  readonly actor: string;
  readonly operation: string;
  /** Days as `YYYY-MM-DD`, both included. */
  readonly from: string;
  readonly to: string;
}

export const NO_FILTER: AuditFilter = {
  entity: '',
  recordId: '',
  actor: '',
  operation: '',
  from: '',
  to: '',
};

const OPERATIONS = [
  ['create', 'Created'],
  ['update', 'Updated'],
  ['delete', 'Deleted'],
  ['transition', 'Moved (transition)'],
  ['action', 'Action run'],
] as const;

/** Local midnight of a day, as an instant; `next` moves to the day after (an exclusive end). */
function dayStart(day: string, next = false): string | undefined {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + (next ? 1 : 0)).toISOString();
}

/**
 * The filter as the API's query: the days become the instants the viewer's days start at.
 * @example auditQuery({ ...NO_FILTER, from: '2025-03-01', to: '2025-03-01' }) // { from: '…', to: '…' } one day
 */
export function auditQuery(f: AuditFilter): AuditQuery {
  const operation = OPERATIONS.find(([op]) => op === f.operation)?.[0];
  const from = f.from ? dayStart(f.from) : undefined;
  const to = f.to ? dayStart(f.to, true) : undefined;
  // An unset filter is left out, not sent empty (and the query key stays the same).
  return {
    ...(f.entity ? { entity: f.entity } : {}),
    ...(f.recordId ? { recordId: f.recordId } : {}),
    ...(f.actor ? { actor: f.actor } : {}),
    ...(operation ? { operation } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export interface AuditFiltersProps {
  readonly value: AuditFilter;
  /** People to pick as the actor, by id. */
  readonly people: ReadonlyMap<string, string>;
  onApply(filter: AuditFilter): void;
}

/**
 * @example <AuditFilters value={filter} people={users} onApply={setFilter} />
 */
export function AuditFilters({ value, people, onApply }: AuditFiltersProps) {
  const meta = useMeta();
  const [draft, setDraft] = useState(value);
  // A filter set from outside (a record's "only this record") shows in the form too.
  useEffect(() => setDraft(value), [value]);
  const set = (k: keyof AuditFilter) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, recordId: draft.recordId.trim().toLowerCase() });
  };
  const byName = [...people].sort((a, b) => a[1].localeCompare(b[1]));
  return (
    <form className="admin-filters" onSubmit={submit} aria-label="Audit log filters">
      <div className="field">
        <label htmlFor="audit-entity">Entity</label>
        <select id="audit-entity" value={draft.entity} onChange={set('entity')}>
          <option value="">All entities</option>
          {Object.entries(meta.entities).map(([name, e]) => (
            <option key={name} value={name}>
              {e.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-record">Record id</label>
        <input
          id="audit-record"
          type="text"
          value={draft.recordId}
          onChange={set('recordId')}
          spellCheck={false}
          autoComplete="off"
          placeholder="any record"
        />
      </div>
      <div className="field">
        <label htmlFor="audit-actor">Who</label>
        <select id="audit-actor" value={draft.actor} onChange={set('actor')}>
          <option value="">Anyone</option>
          {byName.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-operation">What</label>
        <select id="audit-operation" value={draft.operation} onChange={set('operation')}>
          <option value="">Any change</option>
          {OPERATIONS.map(([op, label]) => (
            <option key={op} value={op}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-from">From day</label>
        <input
          id="audit-from"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={set('from')}
        />
      </div>
      <div className="field">
        <label htmlFor="audit-to">To day</label>
        <input
          id="audit-to"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={set('to')}
        />
      </div>
      <div className="admin-filter-actions">
        <button type="submit">Apply filters</button>
        <button type="button" className="secondary" onClick={() => onApply(NO_FILTER)}>
          Clear
        </button>
      </div>
    </form>
  );
}
