/**
 * The create form of an entity for the signed-in role: the fields it may write, checked in
 * the browser by the spec's own validator (same messages as the server), then sent; the
 * server's field errors land beside their inputs, any other problem in an alert.
 */
import type { ValidationResult } from '@ninefold/spec';
import { validatorFor } from '@ninefold/spec';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/api-error';
import { apiFetch } from '../api/api-fetch';
import type { ApiRecord } from '../api/api-types';
import { focusFirstInvalid } from '../forms/focus-first-invalid';
import { type FormValue, formData, type Issue, initialValues, issuesByField } from '../forms/form-values';
import { useMeta } from '../meta/meta-provider';
import { creatableFields, createFields } from '../permissions/role-view';
import { useSession } from '../session/session-provider';
import { FieldInput } from './field-input';
import { ProblemAlert } from './problem-alert';

export interface RecordFormProps {
  readonly entity: string;
  onCreated(record: ApiRecord): void;
}

function issuesOf(result: ValidationResult): readonly Issue[] {
  return result.ok ? [] : result.issues;
}

/**
 * @example <RecordForm entity="tickets" onCreated={() => records.reload()} />
 */
export function RecordForm({ entity, onCreated }: RecordFormProps) {
  const meta = useMeta();
  const { role } = useSession();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const e = meta.entities[entity]!;
  const names = useMemo(() => createFields(meta, role, entity), [meta, role, entity]);
  const writable = useMemo(() => creatableFields(meta, role, entity), [meta, role, entity]);
  const validator = useMemo(() => validatorFor(e), [e]);
  const [values, setValues] = useState(() => initialValues(e.fields, names));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverIssues, setServerIssues] = useState<readonly Issue[]>([]);
  const [problem, setProblem] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  const clientIssues = issuesOf(validator.create(formData(e.fields, values), writable));
  const shown = issuesByField(clientIssues, names);
  const server = issuesByField(serverIssues, names);
  const errorsFor = (name: string) =>
    touched.has(name)
      ? [...(shown.byField[name] ?? []), ...(server.byField[name] ?? [])]
      : server.byField[name];

  const change = (name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    // The server judged the old value; its verdict no longer applies to the new one.
    setServerIssues((issues) => issues.filter((i) => i.path.split('.')[0] !== name));
    setCreated(null);
  };
  const touch = (name: string) => setTouched((t) => (t.has(name) ? t : new Set([...t, name])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(names));
    setProblem(undefined);
    setServerIssues([]);
    setCreated(null);
    const checked = validator.create(formData(e.fields, values), writable);
    if (!checked.ok) {
      if (shown.other.length > 0) setProblem(new ApiError(422, { code: 'VALIDATION_FAILED' }));
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const record = await apiFetch<ApiRecord>(`/api/entities/${encodeURIComponent(entity)}`, {
        method: 'POST',
        body: formData(e.fields, values),
      });
      setValues(initialValues(e.fields, names));
      setTouched(new Set());
      setCreated(record.id);
      onCreated(record);
    } catch (err) {
      const fieldIssues = err instanceof ApiError ? err.errors : [];
      setServerIssues(fieldIssues);
      const unplaced = issuesByField(fieldIssues, names).other;
      if (!(err instanceof ApiError) || err.errors.length === 0 || unplaced.length > 0) setProblem(err);
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="record-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${formId}-title`}
    >
      <h3 id={`${formId}-title`}>New record in {e.label}</h3>
      <p className="form-note">Fields marked * are required.</p>
      {problem !== undefined && <ProblemAlert error={problem} issues={[...shown.other, ...server.other]} />}
      {names.map((name) => (
        <FieldInput
          key={name}
          id={`${formId}-${name}`}
          name={name}
          field={e.fields[name]!}
          value={values[name] ?? ''}
          errors={errorsFor(name)}
          onChange={change}
          onBlur={touch}
        />
      ))}
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create'}
        </button>
        <p className="form-status" role="status">
          {created ? 'Created.' : ''}
        </p>
      </div>
    </form>
  );
}
