/**
 * A reference to another record: a combobox that searches the records the caller may list
 * (narrowed by the field's own rule, e.g. only agents) as the user types, so a catalogue of
 * any size can be picked from; the current value shows by its title even when no search
 * finds it. Keyboard: arrows move, Enter picks, Escape gives the old value back. When the
 * caller cannot list that entity, the record's id is typed in. A list filter uses it too,
 * with its own fixed choices ("All", "None") above the records.
 */
import type { RefField } from '@ninefold/spec';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { type RefOption, useRefOptions } from '../data/use-ref-options';
import { useRefTitle } from '../data/use-ref-title';
import '../styles/combobox.css';

export interface RefInputProps {
  readonly id: string;
  readonly name: string;
  readonly field: RefField;
  readonly optional: boolean;
  readonly value: string;
  /**
   * Values offered above the records while nothing is typed, shown by their label when
   * chosen (a filter's "All" and "None"); by default "—" (no record) for an optional field.
   */
  readonly choices?: readonly RefOption[] | undefined;
  onChange(value: string): void;
  onBlur?(): void;
}

const NONE: RefOption = { value: '', label: '—' };

/** Waits for a pause in typing, so each keystroke does not ask the server. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * @example <RefInput id="t-assignee" name="assignee" field={fields.assignee} optional value={v} onChange={set} onBlur={touch} />
 */
export function RefInput({ field, optional, value, choices, onChange, onBlur, ...rest }: RefInputProps) {
  const listId = useId();
  // What the user typed since the list opened; null while the input shows the value's title.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const search = useSettled(typed ?? '', 200);
  const open = typed !== null;
  const refs = useRefOptions(field, open ? search : '');
  const fixed = choices ?? (optional ? [NONE] : []);
  const chosen = fixed.find((o) => o.value === value);
  // A fixed choice ("None" is `null`) is no record's id: nothing to look up.
  const current = useRefTitle(field.entity, chosen ? undefined : value || undefined);
  if (!refs.available) {
    return (
      <input
        {...rest}
        onBlur={onBlur}
        type="text"
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const options = (typed ?? '').trim() === '' ? [...fixed, ...refs.options] : refs.options;
  const shown = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (i: number) => `${listId}-${i}`;
  const close = () => {
    setTyped(null);
    setActive(0);
  };
  const choose = (option: RefOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setTyped('');
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((shown + step + options.length) % Math.max(options.length, 1));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      choose(options[shown]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  const label = chosen
    ? chosen.value === ''
      ? ''
      : chosen.label
    : value
      ? (current.title ?? (current.hidden ? value : ''))
      : '';
  const blank = fixed.find((o) => o.value === '');
  return (
    <div className="combobox">
      <input
        {...rest}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-busy={refs.loading}
        {...(open && options.length > 0 ? { 'aria-activedescendant': optionId(shown) } : {})}
        placeholder={blank ? blank.label : 'Type to search…'}
        value={typed ?? label}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
        }}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => !open && setTyped('')}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <div className="combobox-popup" hidden={!open}>
        <div id={listId} role="listbox" className="combobox-list" aria-label="Choices">
          {options.map((o, i) => (
            <div
              key={o.value || '$none'}
              id={optionId(i)}
              role="option"
              // Focus stays in the input (aria-activedescendant points here); -1 keeps it off the tab order.
              tabIndex={-1}
              aria-selected={i === shown}
              className={o.value === value ? 'combobox-option current' : 'combobox-option'}
              // Before the input's blur, which would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              {o.label}
            </div>
          ))}
        </div>
        {open && options.length === 0 && !refs.loading && <p className="combobox-note">No match</p>}
        {open && refs.more && <p className="combobox-note">Type more to narrow the choices</p>}
      </div>
    </div>
  );
}
