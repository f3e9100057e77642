/**
 * The filters of a list screen and its search box. Each filter is a labelled choice made
 * from the field (a choice's values, a state's labels); a reference's is the picker forms
 * use, which searches the server, so a catalogue of any size can be filtered by. The search
 * waits for a pause in typing before it asks the server.
 */
import { type EntityMeta, type Field, humanize, type RefField } from '@ninefold/spec';
import { useEffect, useId, useState } from 'react';
import { RefInput } from '../../components/ref-input';
import { refListable } from '../../data/use-ref-options';
import { useMeta } from '../../meta/meta-provider';
import { useSession } from '../../session/session-provider';

export interface ListFiltersProps {
  readonly entity: EntityMeta;
  readonly filters: readonly string[];
  readonly values: Readonly<Record<string, string>>;
  /** What the search box searches ("tickets", "title"); no box when undefined. */
  readonly searchLabel?: string | undefined;
  readonly searchValue: string;
  onFilter(name: string, value: string | null): void;
  onSearch(value: string): void;
}

function choices(entity: EntityMeta, field: Field): { value: string; label: string }[] {
  if (field.type === 'state' && entity.states) {
    return Object.entries(entity.states.states).map(([v, s]) => ({ value: v, label: s.label }));
  }
  if (field.type === 'enum') return field.values.map((v) => ({ value: v, label: humanize(v) }));
  if (field.type === 'boolean') {
    return [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ];
  }
  return [];
}

function FilterSelect({
  name,
  entity,
  value,
  onChange,
}: {
  readonly name: string;
  readonly entity: EntityMeta;
  readonly value: string;
  onChange(value: string | null): void;
}) {
  const id = useId();
  const meta = useMeta();
  const { role } = useSession();
  const field = entity.fields[name];
  if (!field) return null;
  if (field.type === 'ref') {
    // A filter by ids nobody can name means nothing: none when the role cannot list them.
    if (!refListable(meta, role, field.entity)) return null;
    const fixed = [
      { value: '', label: 'All' },
      ...(field.optional ? [{ value: 'null', label: 'None' }] : []),
    ];
    return (
      <div className="filter">
        <label htmlFor={id}>{field.label ?? humanize(name)}</label>
        <RefInput
          id={id}
          name={name}
          field={field as RefField}
          optional={field.optional === true}
          choices={fixed}
          value={value}
          onChange={(v) => onChange(v || null)}
        />
      </div>
    );
  }
  const options = choices(entity, field);
  return (
    <div className="filter">
      <label htmlFor={id}>{field.label ?? humanize(name)}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function SearchBox({
  label,
  value,
  onSearch,
}: {
  readonly label: string;
  readonly value: string;
  onSearch(v: string): void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The URL is the truth (Back, a cleared filter): follow it when it changes elsewhere.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="filter filter-search">
      <label htmlFor={id}>Search {label.toLowerCase()}</label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
    </div>
  );
}

/**
 * @example <ListFilters entity={e} filters={['status']} values={state.filters} searchLabel="tickets" searchValue="" onFilter={…} onSearch={…} />
 */
export function ListFilters(props: ListFiltersProps) {
  const { entity, filters, values, searchLabel } = props;
  return (
    <search className="filters" aria-label="Filter the list">
      {searchLabel && <SearchBox label={searchLabel} value={props.searchValue} onSearch={props.onSearch} />}
      {filters.map((name) => (
        <FilterSelect
          key={name}
          name={name}
          entity={entity}
          value={values[name] ?? ''}
          onChange={(v) => props.onFilter(name, v)}
        />
      ))}
    </search>
  );
}
