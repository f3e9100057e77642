/**
 * The one row a table shows while its first page loads. The rows that come take its place,
 * so nothing below them moves (no layout shift), and the footer appears only then.
 */

/**
 * @example <tbody>{isPending && <LoadingRow columns={6} />}{rows}</tbody>
 */
export function LoadingRow({ columns }: { readonly columns: number }) {
  return (
    <tr className="admin-loading-row">
      <td colSpan={columns}>Loading…</td>
    </tr>
  );
}
