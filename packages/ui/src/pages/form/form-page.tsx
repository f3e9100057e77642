/**
 * A `form` screen: a new record with the fields the screen asks for (those the role may
 * write), checked in the browser by the spec's validator before sending, the server's field
 * errors beside their inputs, any other refusal as a toast in the catalogue's words, and the
 * quota it counts against. On success, the new record's page.
 */
import { validatorFor } from '@ninefold/spec';
import { useMemo } from 'react';
import { FieldSet } from '../../components/field-set';
import { PageHeader } from '../../components/page-header';
import { ProblemAlert } from '../../components/problem-alert';
import { QuotaNote } from '../../components/quota-note';
import { nf } from '../../data/ninefold';
import { useNotify } from '../../feedback/use-notify';
import { capitalize, singular } from '../../format/singular';
import { initialValues } from '../../forms/form-values';
import { useFieldForm } from '../../forms/use-field-form';
import { useMeta } from '../../meta/meta-provider';
import { quotaFor } from '../../permissions/record-abilities';
import { creatableFields, createFields } from '../../permissions/role-view';
import type { PageProps } from '../../registry/ui-registry';
import { useRouter } from '../../router/router-provider';
import { screenRoute } from '../../screens/screen-entries';
import { useSession } from '../../session/session-provider';
import '../../styles/forms.css';

/**
 * @example <FormPage name="newTicket" screen={meta.screens.newTicket!} params={{}} />
 */
export function FormPage(page: PageProps) {
  const name = page.screen.entity ?? '';
  const meta = useMeta();
  const { role } = useSession();
  const { navigate } = useRouter();
  const notify = useNotify();
  const e = meta.entities[name]!;
  const writable = useMemo(() => creatableFields(meta, role, name), [meta, role, name]);
  const names = useMemo(() => {
    const asked = createFields(meta, role, name);
    return page.screen.fields ? page.screen.fields.filter((f) => asked.includes(f)) : asked;
  }, [meta, role, name, page.screen.fields]);
  const validator = useMemo(() => validatorFor(e), [e]);
  const form = useFieldForm(e.fields, names, initialValues(e.fields, names), (d) =>
    validator.create(d, writable),
  );
  const create = nf.useCreate(name);
  const quota = quotaFor(meta, role, name);

  const submit = form.handleSubmit((body) => {
    create.mutate(body as never, {
      onSuccess: (record) => {
        notify.success(capitalize(`${singular(e.label)} created.`));
        const id = String((record as { id: unknown }).id);
        navigate(
          screenRoute(meta.screens, role, name, 'detail', { id }) ??
            screenRoute(meta.screens, role, name, 'list') ??
            '/',
        );
      },
      onError: (err) => {
        if (!form.refused(err)) notify.error(err);
      },
    });
  });

  if (names.length === 0) {
    return (
      <>
        <PageHeader page={page} />
        <p>You cannot create {e.label.toLowerCase()}.</p>
      </>
    );
  }

  return (
    <div className="form-page">
      <PageHeader page={page} />
      {quota && <QuotaNote quota={quota} />}
      <form
        ref={form.formRef}
        className="record-form"
        noValidate
        onSubmit={submit}
        aria-label={page.screen.title}
      >
        <p className="form-note">Fields marked * are required.</p>
        {form.unplaced.length > 0 && (
          <ProblemAlert error={{ code: 'VALIDATION_FAILED' }} issues={form.unplaced} />
        )}
        <FieldSet idPrefix={page.name} fields={e.fields} names={names} form={form} />
        <div className="form-actions">
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : capitalize(`create ${singular(e.label)}`)}
          </button>
        </div>
      </form>
    </div>
  );
}
