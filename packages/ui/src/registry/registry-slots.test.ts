/**
 * The registry's slots as the generated UI uses them, rendered to markup with the helpdesk's
 * meta: a page replaced by screen name (still behind the screen's gate), a dashboard widget
 * replaced by its name (not its title), and a page added with its own screen (routed, gated and in the
 * navigation of its roles only).
 */
import type { MetaAnswer } from '@ninefold/client';
import { createClient } from '@ninefold/client';
import app from '@ninefold/example-helpdesk';
import { queryKeys } from '@ninefold/react';
import { metaAnswer } from '@ninefold/spec';
import { QueryClient } from '@tanstack/react-query';
import { type FunctionComponent, createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppNav } from '../components/app-nav';
import { type AnyApp, nf } from '../data/ninefold';
import { MetaProvider } from '../meta/meta-provider';
import { DashboardPage } from '../pages/dashboard/dashboard-page';
import { RouterProvider } from '../router/router-provider';
import { preloadPageKind } from '../screens/page-kinds';
import { ScreenRoutes } from '../screens/screen-routes';
import { SessionProvider } from '../session/session-provider';
import { RegistryProvider } from './registry-provider';
import type { PageProps, UiRegistry, WidgetProps } from './ui-registry';

const meta = JSON.parse(JSON.stringify(metaAnswer(app))) as MetaAnswer;

/** The markup of `ui` inside the App's providers, for someone of `role` at `path`. */
function render(ui: ReactElement, role: string, path: string, registry: UiRegistry): string {
  // The router reads the address when it starts; nothing else of `window` is touched in a render.
  vi.stubGlobal('window', { location: { pathname: path, search: '' } });
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.meta(), meta);
  const user = role === 'anonymous' ? null : { id: 'u1', role, name: 'Pat Doe', email: 'pat@test.example' };
  queryClient.setQueryData(queryKeys.me(), user);
  const client = createClient<AnyApp>({ url: 'http://127.0.0.1:1' });
  // The providers' props name their children; createElement takes them as arguments.
  const wrap = (Provider: unknown, props: object | null, child: ReactElement) =>
    h(Provider as FunctionComponent<object>, props, child);
  const tree = [RouterProvider, SessionProvider, MetaProvider].reduce(
    (child, Provider) => wrap(Provider, null, child),
    wrap(RegistryProvider, { registry }, ui),
  );
  return renderToStaticMarkup(wrap(nf.NinefoldProvider, { client, queryClient }, tree));
}

// The app's components, as an app registers them.
const OurTickets = ({ name, screen }: PageProps) => h('p', null, `Our ${screen.title} (${name})`);
const Queue = ({ widget, screen }: WidgetProps) =>
  h('p', { className: 'ours' }, `Our queue: ${widget.title} on ${screen.title}`);
const Reports = ({ screen }: PageProps) => h('p', null, `Reports for agents: ${screen.title}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the pages slot', () => {
  const registry: UiRegistry = { pages: { tickets: OurTickets, board: OurTickets } };

  it("draws the app's page in place of the generated one, given its screen", () => {
    const html = render(h(ScreenRoutes), 'agent', '/tickets', registry);
    expect(html).toContain('Our Tickets (tickets)');
    // Without it, the generated list page (loading lazily) is drawn instead.
    expect(render(h(ScreenRoutes), 'agent', '/tickets', {})).not.toContain('Our Tickets');
  });

  it("keeps the replaced page behind its screen's gate", () => {
    const html = render(h(ScreenRoutes), 'customer', '/tickets/board', registry);
    expect(html).not.toContain('Our Board');
    expect(html).toContain('Not available to you');
  });
});

describe('the widgets slot', () => {
  const page = { name: 'dashboard', screen: meta.screens.dashboard!, params: {} };

  it('replaces the generated widget of that name, and only that one', () => {
    const html = render(h(DashboardPage, page), 'agent', '/', { widgets: { queue: Queue } });
    expect(html).toContain('Our queue: The queue on Dashboard');
    expect(html).not.toMatch(/<h2[^>]*>The queue\b/);
    // The other widgets of the role are still the generated ones.
    expect(html).toMatch(/<h2[^>]*>SLA at risk\b/);
    expect(html).toContain('Tickets by status');
    expect(html).toMatch(/<h2[^>]*>Overdue\b/);
  });

  it('is keyed by name, not by title', () => {
    const html = render(h(DashboardPage, page), 'agent', '/', { widgets: { 'The queue': Queue } });
    expect(html).not.toContain('Our queue');
    expect(html).toMatch(/<h2[^>]*>The queue\b/);
  });

  it("replaces it by '<screen>.<name>' on that screen only", () => {
    const html = render(h(DashboardPage, page), 'agent', '/', { widgets: { 'dashboard.queue': Queue } });
    expect(html).toContain('Our queue: The queue on Dashboard');
    const elsewhere = { ...page, name: 'overview' };
    const other = render(h(DashboardPage, elsewhere), 'agent', '/', {
      widgets: { 'dashboard.queue': Queue },
    });
    expect(other).not.toContain('Our queue');
  });

  it('does not draw a replacement for a widget the role does not get', () => {
    const html = render(h(DashboardPage, page), 'customer', '/', { widgets: { queue: Queue } });
    expect(html).not.toContain('Our queue');
    expect(html).toMatch(/<h2[^>]*>My open tickets\b/);
  });
});

describe('the screens and components slots: a page of its own', () => {
  const registry: UiRegistry = {
    components: { Reports },
    screens: {
      reports: {
        route: '/reports',
        kind: 'custom',
        title: 'Team reports',
        component: 'Reports',
        roles: ['agent'],
      },
    },
  };

  beforeAll(async () => {
    // The custom page's code, as the start-up asks for it before the first render.
    await preloadPageKind('custom');
  });

  it('is routed to, and draws its component for its roles', () => {
    expect(render(h(ScreenRoutes), 'agent', '/reports', registry)).toContain(
      'Reports for agents: Team reports',
    );
    // Not routed at all without the screen.
    expect(render(h(ScreenRoutes), 'agent', '/reports', { components: { Reports } })).toContain(
      'Page not found',
    );
  });

  it('is gated like a screen of the spec', () => {
    const customer = render(h(ScreenRoutes), 'customer', '/reports', registry);
    expect(customer).not.toContain('Reports for agents');
    expect(customer).toContain('Not available to you');
    // A visitor is sent to sign in (a redirect, which draws nothing here).
    expect(render(h(ScreenRoutes), 'anonymous', '/reports', registry)).not.toContain('Reports for agents');
  });

  it('is in the navigation of its roles only, after the spec’s screens', () => {
    const links = (role: string) =>
      [...render(h(AppNav), role, '/', registry).matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(links('agent')).toEqual(['Dashboard', 'Tickets', 'Board', 'Knowledge base', 'Team reports']);
    expect(links('customer')).toEqual(['Dashboard', 'Tickets', 'Knowledge base']);
    expect(links('admin')).not.toContain('Team reports');
  });
});
