/**
 * "Add service account": an admin makes an account for an integration (a name, an address
 * that names who runs it, one of the spec's service roles). It gets no password and no mail:
 * it acts only through the API keys made for it below.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { SelectInput } from '../account/select-input';
import { required, useAccountForm } from '../account/use-account-form';
import { DialogActions } from '../components/dialog-actions';
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useMeta } from '../meta/meta-provider';
import '../styles/dialog.css';

/**
 * @example const props: AddServiceAccountProps = { roles: ['robot'], onCreated: (id) => setOpen(id) };
 */
export interface AddServiceAccountProps {
  /** The service roles it may have (at least one). */
  readonly roles: readonly string[];
  /** Told the new account's id, to show its keys. */
  onCreated(id: string): void;
}

/**
 * The button and, once pressed, its dialog.
 * @example <AddServiceAccountButton roles={['robot']} onCreated={(id) => setOpen(id)} />
 */
export function AddServiceAccountButton(props: AddServiceAccountProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button">Add service account</button>
      </Dialog.Trigger>
      {open && (
        <ServiceAccountDialog
          roles={props.roles}
          onCreated={(id) => {
            setOpen(false);
            props.onCreated(id);
          }}
        />
      )}
    </Dialog.Root>
  );
}

function ServiceAccountDialog({ roles, onCreated }: AddServiceAccountProps) {
  const meta = useMeta();
  const create = nf.useCreate('users');
  const notify = useNotify();
  const form = useAccountForm({ name: '', email: '', role: roles[0] ?? '' }, (v) =>
    required(v, { name: 'Name', email: 'Email', role: 'Role' }),
  );
  const send = form.submit(async (v) => {
    const name = v.name.trim();
    const made = await create.mutateAsync({ name, email: v.email.trim(), role: v.role });
    notify.success(`Service account ${name} added. Make it a key to use it.`);
    onCreated(String(made.id));
  });
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay" />
      <Dialog.Content className="dialog">
        <Dialog.Title className="dialog-title">Add service account</Dialog.Title>
        <Dialog.Description className="dialog-description">
          For an integration: it has no password and never signs in; it acts through API keys you make for it.
        </Dialog.Description>
        <form ref={form.ref} noValidate onSubmit={send}>
          {form.problem !== undefined && <ProblemAlert error={form.problem} issues={form.other} />}
          <TextInput
            id="service-name"
            label="Name"
            autoComplete="off"
            hint="What it is (“Nightly import”)."
            value={form.values.name}
            onChange={form.set('name')}
            errors={form.errors.name}
          />
          <TextInput
            id="service-email"
            label="Email"
            type="email"
            autoComplete="off"
            hint="Of whoever runs it; no mail is sent."
            value={form.values.email}
            onChange={form.set('email')}
            errors={form.errors.email}
          />
          {roles.length > 1 && (
            <SelectInput
              id="service-role"
              label="Role"
              value={form.values.role}
              options={roles.map((r) => ({ value: r, label: meta.roles[r]?.label ?? r }))}
              onChange={form.set('role')}
              errors={form.errors.role}
            />
          )}
          <DialogActions submit="Add service account" busy={form.busy} busyText="Adding…" />
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
