/**
 * An error message template with its `{params}` set apart, so the reader sees what is
 * filled in when the error happens.
 */

/**
 * @example <MessageTemplate message="You can have at most {max} open tickets." />
 */
export function MessageTemplate({ message }: { readonly message: string }) {
  // split() with a capture group keeps the placeholders at the odd indexes.
  const parts = message.split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder.
          <code key={i} className="admin-param">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
