/**
 * Creates a team. Checked in the browser by the spec's own validators before it is sent,
 * and the server's verdict shown beside each field when it refuses.
 */
import { type EntityMeta, type Field, validateFields } from '@ninefold/spec';
import {
  type AnyRecord,
  constraintText,
  fieldProblems,
  nf,
  problemMessage,
  useMeta,
  useNotify,
} from '@ninefold/ui';
import { type FormEvent, useId, useState } from 'react';

export interface TeamFormProps {
  readonly entity: EntityMeta;
  /** The fields an admin may write on create, in form order. */
  readonly fields: readonly string[];
}

type Errors = Readonly<Record<string, readonly string[]>>;

function isTextual(field: Field | undefined): boolean {
  return field?.type === 'text' || field?.type === 'longText';
}

function group(issues: readonly { path: string; message: string }[]): Errors {
  const out: Record<string, string[]> = {};
  for (const i of issues) {
    const field = i.path.split('.')[0] ?? '';
    out[field] = [...(out[field] ?? []), i.message];
  }
  return out;
}

/**
 * @example <TeamForm entity={meta.entities.teams!} fields={['name', 'description']} />
 */
export function TeamForm({ entity, fields }: TeamFormProps) {
  const meta = useMeta();
  const notify = useNotify();
  const create = nf.useCreate('teams');
  const base = useId();
  const shown = fields.filter((f) => isTextual(entity.fields[f]));
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty optional field is left out, not sent as an empty string.
    const data = Object.fromEntries(shown.flatMap((f) => (values[f]?.trim() ? [[f, values[f]]] : [])));
    const picked = Object.fromEntries(shown.map((f) => [f, entity.fields[f]!]));
    const checked = validateFields(picked, data, { mode: 'create' });
    setProblem(null);
    if (!checked.ok) {
      setErrors(group(checked.issues));
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // The hook refreshes every teams list once it is created.
      const team = (await create.mutateAsync(data)) as AnyRecord;
      setValues({});
      notify.success(`Team ${String(team[entity.title ?? 'name'] ?? '')} created.`);
    } catch (e) {
      const issues = fieldProblems(e);
      if (issues.length > 0) setErrors(group(issues));
      setProblem(problemMessage(e, meta.errors));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${base}-h`}>
      <h3 id={`${base}-h`}>New team</h3>
      {problem && (
        <div className="alert" role="alert">
          <p>{problem}</p>
        </div>
      )}
      {shown.map((name) => {
        const field = entity.fields[name]!;
        const id = `${base}-${name}`;
        const hint = constraintText(field);
        const errs = errors[name];
        const invalid = errs !== undefined && errs.length > 0;
        const described = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
        const props = {
          id,
          name,
          value: values[name] ?? '',
          onChange: (e: { target: { value: string } }) =>
            setValues((v) => ({ ...v, [name]: e.target.value })),
          required: field.optional !== true,
          ...(described ? { 'aria-describedby': described } : {}),
          ...(invalid ? { 'aria-invalid': true as const } : {}),
        };
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>
              {field.label ?? name}
              {field.optional !== true && <span aria-hidden="true"> *</span>}
            </label>
            {field.type === 'longText' ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
            {hint && (
              <p className="field-hint" id={`${id}-hint`}>
                {hint}
              </p>
            )}
            {invalid && (
              <p className="field-error" id={`${id}-error`}>
                {errs.join(' ')}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" disabled={busy}>
        Create team
      </button>
    </form>
  );
}
