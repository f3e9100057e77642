/**
 * The `?token=` of a link the app mailed (reset, invitation, confirmation).
 */
import { useRouter } from '../router/router-provider';

/**
 * The token in the address, or '' when there is none.
 * @example const token = useLinkToken(); // '/reset-password?token=abc' → 'abc'
 */
export function useLinkToken(): string {
  return new URLSearchParams(useRouter().location.search).get('token') ?? '';
}
