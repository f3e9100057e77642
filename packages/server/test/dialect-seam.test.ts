/**
 * Issue #13, the dialect seam: SQLite and PostgreSQL differ only inside `src/db/`. Everywhere
 * else the server asks its database's dialect object (row locks, error classification,
 * `contains`, the change bus, rate counters) and never names a dialect, a driver, a driver's
 * error code or SQL only one dialect speaks. Comments may say why in prose; code may not branch.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', 'src');
const DB = join(SRC, 'db');

/** What only the database layer may say, each with why it is refused. */
const REFUSED: readonly [RegExp, string][] = [
  [/['"`](postgres|postgresql|sqlite)['"`]/i, 'a dialect by name'],
  [/\bdialect\s*[!=]==?|\bdialect\.name\b/, 'a branch on the dialect'],
  [/\bSQLITE_[A-Z_]+/, "SQLite's error codes"],
  [/['"`](08|22|23|40|42|53|57)[0-9A-Z]{3}['"`]/, "PostgreSQL's error codes (SQLSTATE)"],
  [/from\s+['"](pg|better-sqlite3)['"]/, 'a driver'],
  [
    /\bpg_[a-z_]+\s*\(|\bfor update\b|\bsqlite_master\b|\bpragma\b|\bilike\b|\bstrpos\s*\(|\binstr\s*\(/i,
    'SQL of one dialect',
  ],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === DB ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a file, comments blanked (line numbers kept): prose may name a dialect. */
function codeOf(text: string): string[] {
  const blanked = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  return blanked.split('\n').map((line) => line.replace(/(^|[^:'"`\\])\/\/.*$/, '$1'));
}

function mentions(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    codeOf(readFileSync(file, 'utf8')).forEach((line, i) => {
      for (const [pattern, what] of REFUSED) {
        if (pattern.test(line)) found.push(`${relative(SRC, file)}:${i + 1} ${what}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe('the dialect seam', () => {
  it('keeps every dialect difference inside src/db/', () => {
    expect(mentions()).toEqual([]);
  });

  it('reads code, not comments: the check itself sees a branch and ignores prose', () => {
    const lines = codeOf("// on 'postgres' it locks\nif (exec.dialect === 'postgres') lock();\n");
    expect(lines[0]?.trim()).toBe('');
    expect(REFUSED.some(([p]) => p.test(lines[1] ?? ''))).toBe(true);
  });
});
