/**
 * A stored web address as a link that opens in a new tab, telling the other site nothing
 * of this one. Only an absolute http(s) address becomes a link: anything else (an old value
 * from before the field was a URL, an import) is shown as plain text, so no stored value
 * can ever run script on click.
 */
import { isWebUrl } from '@ninefold/spec';

/**
 * @example <WebLink href="https://example.com/docs" />
 */
export function WebLink({ href }: { readonly href: string }) {
  if (!isWebUrl(href)) return <span className="web-address">{href}</span>;
  return (
    <a className="web-address" href={href} target="_blank" rel="noopener noreferrer nofollow">
      {href}
    </a>
  );
}
