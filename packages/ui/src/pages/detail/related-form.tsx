/**
 * Adding a related record under a record (a comment on a ticket): the fields the role may
 * write, minus the link back (filled in), so the `internal` box appears only for those who
 * may write internal notes. Checked by the spec's validator, like every form.
 */
import { humanize, validatorFor } from '@ninefold/spec';
import { useMemo } from 'react';
import { FieldSet } from '../../components/field-set';
import { nf } from '../../data/ninefold';
import { useNotify } from '../../feedback/use-notify';
import { capitalize, singular } from '../../format/singular';
import { initialValues } from '../../forms/form-values';
import { useFieldForm } from '../../forms/use-field-form';
import { useMeta } from '../../meta/meta-provider';
import { creatableFields, createFields } from '../../permissions/role-view';
import { useSession } from '../../session/session-provider';

/**
 * @example <RelatedForm entity="comments" via="ticket" parentId={ticket.id} />
 */
export function RelatedForm({
  entity,
  via,
  parentId,
}: {
  readonly entity: string;
  readonly via: string;
  readonly parentId: string;
}) {
  const meta = useMeta();
  const { role } = useSession();
  const notify = useNotify();
  const e = meta.entities[entity]!;
  const writable = useMemo(() => creatableFields(meta, role, entity), [meta, role, entity]);
  const names = useMemo(
    () => createFields(meta, role, entity).filter((f) => f !== via),
    [meta, role, entity, via],
  );
  const validator = useMemo(() => validatorFor(e), [e]);
  const form = useFieldForm(e.fields, names, initialValues(e.fields, names), (d) =>
    validator.create({ ...d, [via]: parentId }, writable),
  );
  const create = nf.useCreate(entity);
  const noun = singular(e.label);

  if (!writable.includes(via) || names.length === 0) return null;

  const submit = form.handleSubmit((body) => {
    create.mutate({ ...body, [via]: parentId } as never, {
      onSuccess: () => {
        notify.success(capitalize(`${noun} added.`));
        form.reset(initialValues(e.fields, names));
      },
      onError: (err) => {
        if (!form.refused(err)) notify.error(err);
      },
    });
  });

  return (
    <form
      ref={form.formRef}
      className="related-form"
      noValidate
      onSubmit={submit}
      aria-label={`Add a ${noun}`}
    >
      <FieldSet idPrefix={`new-${entity}`} fields={e.fields} names={names} form={form} />
      <div className="form-actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : capitalize(`add ${humanize(noun).toLowerCase()}`)}
        </button>
      </div>
    </form>
  );
}
