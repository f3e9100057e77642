/**
 * The app's registry in context, with the UI's own defaults underneath (the admin console).
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { DEFAULT_REGISTRY } from './default-registry';
import { mergeRegistries, type UiRegistry } from './ui-registry';

const RegistryContext = createContext<UiRegistry>(DEFAULT_REGISTRY);

/**
 * @example <RegistryProvider registry={appRegistry}>…</RegistryProvider>
 */
export function RegistryProvider({
  registry,
  children,
}: {
  readonly registry: UiRegistry | undefined;
  readonly children: ReactNode;
}) {
  const value = useMemo(() => mergeRegistries(DEFAULT_REGISTRY, registry ?? {}), [registry]);
  return <RegistryContext.Provider value={value}>{children}</RegistryContext.Provider>;
}

/**
 * The registry: the app's components over the UI's defaults.
 * @example const Sla = useRegistry().fields?.['tickets.dueAt'];
 */
export function useRegistry(): UiRegistry {
  return useContext(RegistryContext);
}
