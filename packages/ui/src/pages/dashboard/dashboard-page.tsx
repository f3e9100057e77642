/**
 * A `dashboard` screen: a line on what the product does for this role, then the widgets of
 * the role — lists, counts, charts, or the app's own components — each replaceable by the
 * app by the widget's `name` (see `widgetReplacement`).
 */
import type { ScreenInput, WidgetInput } from '@ninefold/spec';
import type { ComponentType } from 'react';
import { PageHeader } from '../../components/page-header';
import { useMeta } from '../../meta/meta-provider';
import { useRegistry } from '../../registry/registry-provider';
import type { PageProps, UiRegistry, WidgetProps } from '../../registry/ui-registry';
import { Link } from '../../router/link';
import { screenRoute } from '../../screens/screen-entries';
import { useSession } from '../../session/session-provider';
import { ChartWidget } from './chart-widget';
import { CountWidget } from './count-widget';
import { ListWidget } from './list-widget';
import '../../styles/dashboard.css';

/**
 * The app's component for a widget: by `<screen>.<name>` (that screen's only), else by its
 * name; a widget without a name is never replaced.
 * @example widgetReplacement({ atRisk: AtRisk }, 'dashboard', { name: 'atRisk', … }) // AtRisk
 */
export function widgetReplacement(
  widgets: UiRegistry['widgets'],
  screenName: string,
  widget: WidgetInput,
): ComponentType<WidgetProps> | undefined {
  if (widget.name === undefined || !widgets) return undefined;
  // Own keys only: a widget named `constructor` is not Object's.
  const own = (key: string) => (Object.hasOwn(widgets, key) ? widgets[key] : undefined);
  return own(`${screenName}.${widget.name}`) ?? own(widget.name);
}

function Widget({
  widget,
  screen,
  screenName,
  entity,
}: {
  widget: WidgetInput;
  screen: ScreenInput;
  screenName: string;
  entity: string | undefined;
}) {
  const registry = useRegistry();
  const Replacement = widgetReplacement(registry.widgets, screenName, widget);
  if (Replacement) return <Replacement widget={widget} screen={screen} />;
  switch (widget.kind) {
    case 'list':
      return <ListWidget widget={widget} />;
    case 'count':
      return <CountWidget widget={widget} />;
    case 'chart':
      return <ChartWidget widget={widget} entity={entity} />;
    case 'custom': {
      const Custom = registry.components?.[widget.component] as ComponentType<WidgetProps> | undefined;
      return Custom ? <Custom widget={widget} screen={screen} /> : null;
    }
  }
}

/**
 * @example <DashboardPage name="dashboard" screen={meta.screens.dashboard!} params={{}} />
 */
export function DashboardPage(page: PageProps) {
  const meta = useMeta();
  const { role } = useSession();
  const { audience, summary } = meta.about;
  const forRole = typeof audience === 'object' && audience ? audience[role] : undefined;
  const widgets = (page.screen.widgets ?? []).filter((w) => !w.roles || w.roles.includes(role));
  // A chart counts what the dashboard's lists show: that entity's changes refresh it.
  const entity = [...widgets, ...(page.screen.widgets ?? [])].flatMap((w) =>
    'entity' in w ? [w.entity] : [],
  )[0];
  const form = Object.keys(meta.entities)
    .map((e) => screenRoute(meta.screens, role, e, 'form'))
    .find(Boolean);
  const formTitle = Object.values(meta.screens).find((s) => s.route === form)?.title;
  return (
    <>
      <PageHeader
        page={page}
        lede={forRole ?? summary}
        actions={
          form && (
            <Link to={form} className="button">
              {formTitle}
            </Link>
          )
        }
      />
      {widgets.length === 0 ? (
        <p>There is nothing here for you yet.</p>
      ) : (
        <div className="widgets">
          {widgets.map((w) => (
            <Widget
              key={w.name ?? w.title}
              widget={w}
              screen={page.screen}
              screenName={page.name}
              entity={entity}
            />
          ))}
        </div>
      )}
    </>
  );
}
