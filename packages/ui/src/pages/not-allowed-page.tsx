/**
 * A screen the signed-in person's role does not include (an agent board opened by a
 * customer): said plainly, with a way on.
 */
import { PageTitle } from '../components/page-title';
import { Link } from '../router/link';

/**
 * @example if (!screenVisible(screen, role)) return <NotAllowedPage />;
 */
export function NotAllowedPage() {
  return (
    <div className="narrow">
      <PageTitle>Not available to you</PageTitle>
      <p>
        This page is for other roles. <Link to="/">Go to the start page</Link>
      </p>
    </div>
  );
}
