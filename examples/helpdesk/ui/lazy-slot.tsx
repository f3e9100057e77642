/**
 * A registered component whose code loads only when it is first drawn, with its own
 * placeholder meanwhile: the helpdesk's pages and widgets stay out of the sign-in page's
 * bundle, and a widget loading does not blank the whole dashboard (the page's boundary).
 */
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * @example widgets: { slaAtRisk: lazySlot(() => import('./sla-at-risk-widget').then((m) => m.SlaAtRiskWidget), WidgetPlaceholder) }
 */
export function lazySlot<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazySlot(props: P) {
    return (
      <Suspense fallback={<Placeholder {...props} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
