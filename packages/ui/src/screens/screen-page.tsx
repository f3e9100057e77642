/**
 * One screen on its route: the gate, then the app's replacement page if it registered one,
 * else the generated page of the screen's kind — loaded lazily, with a fixed-size
 * placeholder meanwhile and a boundary if it fails.
 */
import { Suspense } from 'react';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { PageSkeleton } from '../components/skeleton';
import { useRegistry } from '../registry/registry-provider';
import type { PageProps } from '../registry/ui-registry';
import { PAGE_KINDS } from './page-kinds';
import { ScreenGate } from './screen-gate';

/**
 * @example <ScreenPage name="ticket" screen={meta.screens.ticket!} params={{ id }} />
 */
export function ScreenPage(props: PageProps) {
  const registry = useRegistry();
  const Page = registry.pages?.[props.name] ?? PAGE_KINDS[props.screen.kind];
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
