/**
 * The admin console (`/admin`, added by the UI for the spec's admin roles; see
 * screens/app-screens.ts): people and roles, the app's own panels (its registry's
 * `adminPanels`), the schema, the state machines drawn, the permission matrix, the error catalogue,
 * the limits with current usage, the mail sent (the development outbox's readable), the job
 * queue (webhook deliveries included), and the audit log. Admins only. Lazy-loaded by the app's
 * router, so it and what it brings (dagre, the data table) stay out of the first page. The
 * open tab lives in the URL (`?tab=audit`), so it survives a reload.
 */
import { isAdminRole } from '@ninefold/spec';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../components/page-header';
import { useMeta } from '../meta/meta-provider';
import { useRegistry } from '../registry/registry-provider';
import type { PageProps } from '../registry/ui-registry';
import { useSession } from '../session/session-provider';
import { type AdminSection, adminSections } from './admin-sections';
import { AdminTabs } from './admin-tabs';
import { AuditPanel } from './audit-panel';
import { ErrorsPanel } from './errors-panel';
import { JobsPanel } from './jobs-panel';
import { LimitsPanel } from './limits-panel';
import { MailPanel } from './mail-panel';
import { PermissionsPanel } from './permissions-panel';
import { SchemaPanel } from './schema-panel';
import { UsersPanel } from './users-panel';
import './admin.css';
import './admin-people.css';
import './admin-diagram.css';
import './admin-spec.css';
import './admin-audit.css';
import './admin-jobs.css';

// The diagrams bring dagre, the console's largest dependency: it loads once the console is
// up (or when the tab is opened first), not before the first tab can show.
const loadStates = () => import('./states-panel').then((m) => ({ default: m.StatesPanel }));
const StatesPanel = lazy(loadStates);

const BUILT_IN: readonly AdminSection[] = [
  { id: 'users', label: 'Users and roles', Panel: UsersPanel },
  { id: 'schema', label: 'Schema', Panel: SchemaPanel },
  { id: 'states', label: 'State machines', Panel: StatesPanel },
  { id: 'permissions', label: 'Permissions', Panel: PermissionsPanel },
  { id: 'errors', label: 'Error catalogue', Panel: ErrorsPanel },
  { id: 'limits', label: 'Constants and limits', Panel: LimitsPanel },
  { id: 'mail', label: 'Mail', Panel: MailPanel },
  { id: 'jobs', label: 'Jobs', Panel: JobsPanel },
  { id: 'audit', label: 'Audit log', Panel: AuditPanel },
];

/**
 * Rendered by the custom page of the screen whose `component` is `AdminConsole`.
 * @example const AdminConsole = lazy(() => import('./admin/admin-console')); <AdminConsole {...pageProps} />
 */
export default function AdminConsole(props: PageProps) {
  const meta = useMeta();
  const { role } = useSession();
  const panels = useRegistry().adminPanels;
  const sections = useMemo(() => adminSections(BUILT_IN, panels), [panels]);
  const [asked, setAsked] = useState(() => new URLSearchParams(window.location.search).get('tab'));
  const current = sections.find((s) => s.id === asked) ?? sections[0]!;
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 200));
    idle(() => void loadStates());
  }, []);
  // The URL is updated in place, not through the router: a router navigation would move
  // focus to the page heading, away from the tab the keyboard is on.
  const select = useCallback((id: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('tab', id);
    window.history.replaceState(window.history.state, '', url);
    setAsked(id);
  }, []);

  // The router lets only the screen's roles in; this guards a registry that mounts it elsewhere.
  if (!isAdminRole(meta, role)) {
    return (
      <div className="admin-console">
        <PageHeader page={props} />
        <p role="alert">Only admins can open the admin console.</p>
      </div>
    );
  }
  return (
    <div className="admin-console">
      <PageHeader page={props} lede={`${meta.about.name}: ${meta.about.summary}`} />
      <AdminTabs label="Admin sections" tabs={sections} selected={current.id} onSelect={select}>
        <Suspense fallback={<p className="admin-status">Loading…</p>}>
          <current.Panel meta={meta} role={role} />
        </Suspense>
      </AdminTabs>
    </div>
  );
}
