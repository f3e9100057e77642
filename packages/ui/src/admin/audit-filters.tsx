/**
 * The audit log's filters: entity, record and actor, applied together when the form is
 * submitted (Enter works from any field), cleared with one button.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useMeta } from '../meta/meta-provider';

export interface AuditFilter {
  readonly entity: string;
  readonly recordId: string;
  readonly actor: string;
}

export const NO_FILTER: AuditFilter = { entity: '', recordId: '', actor: '' };

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
      <div className="admin-filter-actions">
        <button type="submit">Apply filters</button>
        <button type="button" className="secondary" onClick={() => onApply(NO_FILTER)}>
          Clear
        </button>
      </div>
    </form>
  );
}
