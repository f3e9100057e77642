/**
 * A `custom` screen: the component the app registered under the screen's `component` name
 * (the admin console, for one), or a plain note when the app has not registered it.
 */
import type { ComponentType } from 'react';
import { PageHeader } from '../components/page-header';
import { useRegistry } from '../registry/registry-provider';
import type { PageProps } from '../registry/ui-registry';

/**
 * @example <CustomPage name="reports" screen={registry.screens.reports!} params={{}} />
 */
export function CustomPage(props: PageProps) {
  const name = props.screen.component ?? '';
  const Component = useRegistry().components?.[name] as ComponentType<PageProps> | undefined;
  if (Component) return <Component {...props} />;
  return (
    <>
      <PageHeader page={props} />
      <p className="alert" role="status">
        This page is not available yet (its component, {name || 'unnamed'}, is not part of this build).
      </p>
    </>
  );
}
