/**
 * A new API key, shown the one time it can be: selectable, with a copy button, and saying
 * plainly that it cannot be shown again (only its hash is kept). It takes focus when shown:
 * the form that had it is gone, and the key is what the person came for.
 */
import { useEffect, useRef, useState } from 'react';

/**
 * @example <KeyShownOnce name="CI" secret={created.key} />
 */
export function KeyShownOnce({ name, secret }: { readonly name: string; readonly secret: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>(undefined);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is there to select.
      setCopied('no');
    }
  };
  return (
    <div className="key-once">
      <p className="key-once-warning">
        <strong>Copy the key {name} now: you won't see it again.</strong> Only a fingerprint of it is kept; if
        you lose it, revoke it and make another.
      </p>
      <label htmlFor="new-key-value">Your new key</label>
      <div className="key-once-row">
        <input
          ref={field}
          id="new-key-value"
          readOnly
          value={secret}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="field-hint">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Could not copy: select the key and copy it.' : ''}
      </p>
      <p className="field-hint">Send it as the header Authorization: Bearer followed by the key.</p>
    </div>
  );
}
