/**
 * A page's heading and the document title. After an in-app navigation the heading takes
 * focus, so keyboard and screen-reader users start on the new page, not the old link.
 */
import { useEffect, useRef } from 'react';
import { useMeta } from '../meta/meta-provider';
import { useRouter } from '../router/router-provider';

/**
 * @example <PageTitle>Sign in</PageTitle>
 */
export function PageTitle({ children }: { readonly children: string }) {
  const meta = useMeta();
  const { navigations } = useRouter();
  const ref = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${children} · ${meta.about.name}`;
  }, [children, meta.about.name]);

  useEffect(() => {
    if (navigations > 0) ref.current?.focus();
  }, [navigations]);

  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
