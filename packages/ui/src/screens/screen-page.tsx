/**
 * One screen on its route: the gate, then the app's replacement page if it registered one,
 * else the generated page of the screen's kind — loaded lazily, with a fixed-size
 * placeholder meanwhile and a boundary if it fails.
 */
import { Suspense, useState } from 'react';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { PageSkeleton } from '../components/skeleton';
import { useRegistry } from '../registry/registry-provider';
import type { PageProps } from '../registry/ui-registry';
import { pageOfKind } from './page-kinds';
import { ScreenGate } from './screen-gate';

/**
 * @example <ScreenPage name="ticket" screen={meta.screens.ticket!} params={{ id }} />
 */
export function ScreenPage(props: PageProps) {
  const registry = useRegistry();
  // Chosen once per mount (the route keys this component by path): see pageOfKind.
  const [Page] = useState(() => registry.pages?.[props.name] ?? pageOfKind(props.screen.kind));
  return (
    <ScreenGate screen={props.screen}>
      <PageErrorBoundary>
        <Suspense fallback={<PageSkeleton />}>
          <Page {...props} />
        </Suspense>
      </PageErrorBoundary>
    </ScreenGate>
  );
}
