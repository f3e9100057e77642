/**
 * Any path no route matches.
 */
import { PageTitle } from '../components/page-title';
import { Link } from '../router/link';

/**
 * @example <Routes routes={routes} fallback={<NotFoundPage />} />
 */
export function NotFoundPage() {
  return (
    <>
      <PageTitle>Page not found</PageTitle>
      <p>
        There is no page at this address. <Link to="/">Go to the start page</Link>
      </p>
    </>
  );
}
