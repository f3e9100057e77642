/**
 * Message wording for a name that is not what it should be: the names it could have been,
 * and the nearest of them when it looks like a typo.
 */

const SHOWN = 10;

/**
 * `'opened' is not a state of tickets (states: new, open, …) — did you mean 'open'?`
 * @example notA('custmer', 'a role', ['customer', 'agent'], 'roles')
 */
export function notA(name: string, what: string, known: readonly string[], label: string): string {
  return `'${name}' is not ${what}${choices(name, known, label)}`;
}

/**
 * `'opened', which is not a state of tickets (states: new, open, …) — did you mean 'open'?`,
 * to end a sentence that says where the name was used.
 * @example `goes to ${which('opened', 'a state of tickets', states, 'states')}`
 */
export function which(name: string, what: string, known: readonly string[], label: string): string {
  return `'${name}', which is not ${what}${choices(name, known, label)}`;
}

/**
 * Names as a short readable list.
 * @example listNames(['a', 'b']) // 'a, b'
 */
export function listNames(names: readonly string[]): string {
  const shown = names.slice(0, SHOWN).join(', ');
  return names.length > SHOWN ? `${shown}, …` : shown;
}

/**
 * A word with its indefinite article.
 * @example article('enum') // 'an enum'
 */
export function article(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

function choices(name: string, known: readonly string[], label: string): string {
  const list = known.length === 0 ? ` (there are no ${label})` : ` (${label}: ${listNames(known)})`;
  const near = nearest(name, known);
  return near ? `${list} — did you mean '${near}'?` : list;
}

function nearest(name: string, known: readonly string[]): string | undefined {
  const budget = Math.max(1, Math.floor(name.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= budget && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

/** Edit distance where swapping two neighbours counts as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]![j]!;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i]![j] = best;
    }
  }
  return at(a.length, b.length);
}
