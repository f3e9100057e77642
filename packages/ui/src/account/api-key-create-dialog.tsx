/**
 * Making an API key: a name, a lifetime, and a narrower role when the spec allows one. Once
 * made, the dialog shows the key (once) instead of the form, until it is closed.
 */

import type { ApiKeyCreated } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { type RefObject, useState } from 'react';
import { DialogActions } from '../components/dialog-actions';
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { KEY_EXPIRIES, keyExpiresAt } from './key-expiry';
import { KeyShownOnce } from './key-shown-once';
import { SelectInput } from './select-input';
import { required, useAccountForm } from './use-account-form';
import '../styles/dialog.css';

/**
 * @example const props: ApiKeyCreateDialogProps = { roles: ['agent'], userId: bot.id, owner: 'Nightly import', onClose };
 */
export interface ApiKeyCreateDialogProps {
  /** The roles the key may act as, the owner's first. */
  readonly roles: readonly string[];
  /** A service account's id (an admin making its key); the caller's own key when absent. */
  readonly userId?: string;
  /** Whose key it is, for the title ("for Nightly import"). */
  readonly owner?: string;
  /** Where focus goes back when the dialog closes (the button that opened it). */
  readonly returnFocus?: RefObject<HTMLElement | null>;
  onClose(): void;
}

/**
 * Open while rendered. Closing it forgets the key: the mutation that holds it is reset (and
 * kept in no cache once unwatched), so only the person who saw it has it.
 * @example
 * const opener = useRef<HTMLButtonElement>(null);
 * {making && <ApiKeyCreateDialog roles={['member']} returnFocus={opener} onClose={() => setMaking(false)} />}
 */
export function ApiKeyCreateDialog({ roles, userId, owner, returnFocus, onClose }: ApiKeyCreateDialogProps) {
  const meta = useMeta();
  const create = nf.useCreateApiKey();
  const [made, setMade] = useState<ApiKeyCreated | undefined>(undefined);
  const form = useAccountForm({ name: '', expires: '90', role: roles[0] ?? '' }, (v) =>
    required(v, { name: 'Name' }),
  );
  const send = form.submit(async (v) => {
    const expiresAt = keyExpiresAt(v.expires);
    const created = await create.mutateAsync({
      name: v.name.trim(),
      ...(expiresAt ? { expiresAt } : {}),
      ...(v.role && v.role !== roles[0] ? { role: v.role } : {}),
      ...(userId ? { userId } : {}),
    });
    setMade(created);
  });
  const close = () => {
    setMade(undefined);
    create.reset();
    onClose();
  };
  const title = made ? 'Your new API key' : owner ? `New API key for ${owner}` : 'New API key';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          // No Trigger: Radix would send focus to the body; the opener is where the person was.
          onCloseAutoFocus={(e) => {
            const opener = returnFocus?.current;
            if (!opener) return;
            e.preventDefault();
            opener.focus();
          }}
        >
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            {made
              ? 'It acts with the permissions of its role until it expires or is revoked.'
              : 'A key lets a script or an integration call the API as this account.'}
          </Dialog.Description>
          {made ? (
            <>
              <KeyShownOnce name={made.name} secret={made.key} />
              <div className="form-actions dialog-actions">
                <Dialog.Close asChild>
                  <button type="button">Done</button>
                </Dialog.Close>
              </div>
            </>
          ) : (
            <form ref={form.ref} noValidate onSubmit={send}>
              {form.problem !== undefined && <ProblemAlert error={form.problem} issues={form.other} />}
              <TextInput
                id="key-name"
                label="Name"
                autoComplete="off"
                hint="What uses it, to tell keys apart (“Nightly export”)."
                value={form.values.name}
                onChange={form.set('name')}
                errors={form.errors.name}
              />
              <SelectInput
                id="key-expiry"
                label="Expires after"
                value={form.values.expires}
                options={KEY_EXPIRIES}
                onChange={form.set('expires')}
              />
              {roles.length > 1 && (
                <SelectInput
                  id="key-role"
                  label="Acts as"
                  hint="A narrower role limits what the key can do."
                  value={form.values.role}
                  options={roles.map((r) => ({ value: r, label: meta.roles[r]?.label ?? r }))}
                  onChange={form.set('role')}
                  errors={form.errors.role}
                />
              )}
              <DialogActions submit="Create key" busy={form.busy} busyText="Creating…" />
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
