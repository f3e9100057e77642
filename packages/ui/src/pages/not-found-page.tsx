/**
 * Any path no route matches, and any record that is not there (or not the caller's to see:
 * the server answers both alike, on purpose).
 */
import { PageTitle } from '../components/page-title';
import { Link } from '../router/link';

/**
 * @example <Routes routes={routes} fallback={<NotFoundPage />} />
 */
export function NotFoundPage({ what = 'page' }: { readonly what?: string }) {
  return (
    <div className="narrow">
      <PageTitle>{what === 'page' ? 'Page not found' : `No such ${what}`}</PageTitle>
      <p>
        There is no {what} at this address, or it is not yours to see.{' '}
        <Link to="/">Go to the start page</Link>
      </p>
    </div>
  );
}
