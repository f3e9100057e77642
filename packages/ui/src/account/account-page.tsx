/**
 * The signed-in person's own account (`/account`): who they are, their email (changed only
 * once the new address is confirmed), their password, their sessions, their API keys, and
 * how they hear of notifications.
 */
import { PageHeader } from '../components/page-header';
import { useMeta } from '../meta/meta-provider';
import { NotificationPreferencesSection } from '../notifications/notification-preferences';
import type { PageProps } from '../registry/ui-registry';
import { useSession } from '../session/session-provider';
import { ApiKeysSection } from './api-keys-section';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { needsVerification } from './needs-verification';
import { SignOutEverywhere } from './sign-out-everywhere';
import './account.css';

/**
 * @example <AccountPage name="account" screen={screen} params={{}} />
 */
export default function AccountPage(props: PageProps) {
  const meta = useMeta();
  const { user, role } = useSession();
  if (!user) return null;
  const email = String(user.email ?? '');
  const unverified = needsVerification(meta.roles, user);
  return (
    <div className="account-page">
      <PageHeader
        page={props}
        lede={
          <>
            {String(user.name ?? email)} · {meta.roles[role]?.label ?? role} · {email}
            {unverified ? ' (not confirmed yet)' : ''}
          </>
        }
      />
      <ChangeEmailForm current={email} />
      <ChangePasswordForm />
      <SignOutEverywhere />
      <ApiKeysSection role={role} />
      <NotificationPreferencesSection />
    </div>
  );
}
