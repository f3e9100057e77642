import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@ninefold/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ninefoldHere, removeScratch, scratchDir } from '../../test/run-cli';

afterAll(removeScratch);

async function addColumn(file: string): Promise<void> {
  const db = openDatabase(file);
  await db.exec('ALTER TABLE tickets ADD COLUMN "legacyRef" text');
  await db.close();
}

describe('ninefold migrate', () => {
  it('plans a new database without creating it, applies the plan, then has nothing left to do', async () => {
    const dataDir = scratchDir('migrate');
    const file = join(dataDir, 'app.db');
    const env = { DATA_DIR: dataDir };

    const dry = await ninefoldHere(['migrate', 'examples/helpdesk', '--dry-run'], env);
    expect(dry.out).toMatch(/^\d+ changes for SQLite .*app\.db \(a new database\):$/m);
    for (const table of ['users', 'teams', 'tickets', 'comments', 'articles', 'nf_audit']) {
      expect(dry.out).toContain(`  + create table ${table}\n`);
    }
    expect(dry.out).toContain('Dry run: nothing was changed.');
    expect(dry.code).toBe(0);
    expect(existsSync(file)).toBe(false);

    const applied = await ninefoldHere(['migrate', 'examples/helpdesk'], env);
    expect(applied.out).toMatch(/✓ applied \d+ changes/);
    expect(applied.code).toBe(0);
    expect(existsSync(file)).toBe(true);

    const again = await ninefoldHere(['migrate', 'examples/helpdesk', '--dry-run'], env);
    expect(again.out).toMatch(/✓ SQLite .*app\.db already matches the spec/);
    expect(again.code).toBe(0);
  });

  it('refuses a destructive change unless --allow-destructive, and --dry-run never applies it', async () => {
    const dataDir = scratchDir('migrate-destructive');
    const env = { DATA_DIR: dataDir };
    expect((await ninefoldHere(['migrate', 'examples/helpdesk'], env)).code).toBe(0);
    await addColumn(join(dataDir, 'app.db'));

    const dry = await ninefoldHere(['migrate', 'examples/helpdesk', '--dry-run'], env);
    expect(dry.out).toContain('  ! drop column tickets.legacyRef (its values are lost)');
    expect(dry.code).toBe(0);

    const refused = await ninefoldHere(['migrate', 'examples/helpdesk'], env);
    expect(refused.err).toContain('✗ The spec needs destructive schema changes:');
    expect(refused.err).toContain('Nothing was changed.');
    expect(refused.code).toBe(1);
    // Still there: the refusal changed nothing.
    expect((await ninefoldHere(['migrate', 'examples/helpdesk', '--dry-run'], env)).out).toContain(
      'drop column tickets.legacyRef',
    );

    const allowed = await ninefoldHere(['migrate', 'examples/helpdesk', '--allow-destructive'], env);
    expect(allowed.out).toContain('✓ applied 1 change');
    expect(allowed.code).toBe(0);
    expect((await ninefoldHere(['migrate', 'examples/helpdesk', '--dry-run'], env)).out).toContain(
      'already matches the spec',
    );
  });
});
