/**
 * "Add person": an admin invites an email address with a role (any role that is not a service
 * account's). The server makes the account and mails a link with which the person sets their
 * own password; nothing is sent from the browser but the invitation.
 */
import { invitableRoles } from '@ninefold/spec';
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
 * The button and, once pressed, its dialog.
 * @example <InviteButton />
 */
export function InviteButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button">Add person</button>
      </Dialog.Trigger>
      {open && <InviteDialog onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

function InviteDialog({ onDone }: { onDone(): void }) {
  const meta = useMeta();
  const invite = nf.useInvite();
  const notify = useNotify();
  const roles = invitableRoles(meta.roles);
  const form = useAccountForm({ email: '', name: '', role: roles[0] ?? '' }, (v) =>
    required(v, { email: 'Email', role: 'Role' }),
  );
  const send = form.submit(async (v) => {
    const email = v.email.trim();
    const name = v.name.trim();
    await invite.mutateAsync({ email, role: v.role, ...(name ? { name } : {}) });
    notify.success(`Invitation sent to ${email}.`);
    onDone();
  });
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay" />
      <Dialog.Content className="dialog">
        <Dialog.Title className="dialog-title">Add person</Dialog.Title>
        <Dialog.Description className="dialog-description">
          They get an email with a link to set their password. The link expires; you can send it again.
        </Dialog.Description>
        <form ref={form.ref} noValidate onSubmit={send}>
          {form.problem !== undefined && <ProblemAlert error={form.problem} issues={form.other} />}
          <TextInput
            id="invite-email"
            label="Email"
            type="email"
            autoComplete="off"
            value={form.values.email}
            onChange={form.set('email')}
            errors={form.errors.email}
          />
          <TextInput
            id="invite-name"
            label="Name"
            required={false}
            autoComplete="off"
            hint="Optional: they can set it themselves."
            value={form.values.name}
            onChange={form.set('name')}
            errors={form.errors.name}
          />
          <SelectInput
            id="invite-role"
            label="Role"
            value={form.values.role}
            options={roles.map((r) => ({ value: r, label: meta.roles[r]?.label ?? r }))}
            onChange={form.set('role')}
            errors={form.errors.role}
          />
          <DialogActions submit="Send invitation" busy={form.busy} busyText="Sending…" />
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
