/**
 * Goes somewhere else once rendered, replacing the history entry so Back does not bounce.
 */
import { useEffect } from 'react';
import { useRouter } from './router-provider';

/**
 * @example if (!user) return <Redirect to="/login" />;
 */
export function Redirect({ to }: { readonly to: string }) {
  const { navigate } = useRouter();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
