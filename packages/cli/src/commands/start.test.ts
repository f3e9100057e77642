import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@ninefold/server';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HELPDESK,
  logIn,
  ninefold,
  ninefoldHere,
  OUTBOX_MAIL,
  removeScratch,
  scratchDir,
  serve,
  userEmails,
} from '../../test/run-cli';

afterAll(removeScratch);

type Page = { items: Record<string, unknown>[] };

async function list(url: string, path: string, token: string): Promise<Page> {
  const res = await fetch(`${url}/api/entities/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

// Each test starts real server processes: seconds each, more on a busy machine.
describe('ninefold start', { timeout: 120_000 }, () => {
  it('with --demo seeds an empty database, serves it on the port it picked, and stops on SIGTERM', async () => {
    const dataDir = scratchDir('start-demo');
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], { DATA_DIR: dataDir });
    try {
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
      await s.waitFor(/Press Ctrl-C to stop/);
      expect(s.output()).toContain('Demo mode: seeded the demo data.');
      expect(s.output()).toMatch(/alice@helpdesk\.test\s+customer/);
      expect(s.output()).toContain('password: demo-password-1');

      const health = await fetch(`${s.url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      // The UI on the same port when it is built (a deep link answers its index.html), else said so.
      const page = await fetch(`${s.url}/tickets/board`);
      // The helpdesk's own build (`ninefold build examples/helpdesk`), when there is one.
      if (existsSync(join(HELPDESK, '.ninefold', 'dist', 'index.html'))) {
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(s.output()).toContain(`UI        ${s.url}/`);
      } else {
        expect(page.status).toBe(404);
        expect(s.output()).toContain('UI        not built');
      }

      const alice = await logIn(s.url, 'alice@helpdesk.test', 'demo-password-1');
      const me = (await (
        await fetch(`${s.url}/api/auth/me`, { headers: { authorization: `Bearer ${alice}` } })
      ).json()) as {
        user: { id: string };
      };
      const hers = await list(s.url, 'tickets?limit=100', alice);
      expect(hers.items.length).toBe(6);
      expect(hers.items.every((t) => t.requester === me.user.id)).toBe(true);
      const comments = await list(s.url, 'comments?limit=100', alice);
      expect(comments.items.length).toBeGreaterThan(0);
      expect(comments.items.some((c) => c.internal === true)).toBe(false);

      // The agent sees every ticket, so Alice's list above was filtered, not merely small.
      const agent = await logIn(s.url, 'agent@helpdesk.test', 'demo-password-1');
      const all = await list(s.url, 'tickets?limit=100', agent);
      expect(all.items.length).toBe(12);
      expect(all.items.some((t) => t.requester !== me.user.id)).toBe(true);
    } finally {
      const { code, out } = await s.stop();
      expect(out).toContain('SIGTERM: closing the server and the database');
      expect(out).toContain('✓ stopped');
      expect(code).toBe(0);
    }
  });

  it('without --demo never seeds, even an empty database', async () => {
    const dataDir = scratchDir('start-prod');
    const s = await serve(['start', 'examples/helpdesk', '--port', '0'], {
      DATA_DIR: dataDir,
      ...OUTBOX_MAIL,
    });
    const status = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@helpdesk.test', password: 'demo-password-1' }),
    });
    expect(status.status).toBe(401);
    const { code, out } = await s.stop();
    expect(code).toBe(0);
    expect(out).not.toContain('Demo');
    expect(out).not.toContain('demo-password-1');
    expect(await userEmails(join(dataDir, 'app.db'))).toEqual([]);
  });

  it('in demo mode leaves a database that has users alone', async () => {
    const dataDir = scratchDir('start-has-users');
    const created = await ninefoldHere(
      ['admin', 'create', 'examples/helpdesk', '--email', 'ops@example.test', '--name', 'Ops'],
      { DATA_DIR: dataDir, NINEFOLD_ADMIN_PASSWORD: 'a long admin passphrase' },
    );
    expect(created.code).toBe(0);
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], { DATA_DIR: dataDir });
    await s.waitFor(/Press Ctrl-C to stop/);
    expect(s.output()).toContain('the database has users already; not seeding');
    expect((await s.stop()).code).toBe(0);
    expect(await userEmails(join(dataDir, 'app.db'))).toEqual(['ops@example.test']);
  });

  // Regression: a screen column naming a missing field started fine, the column silently gone.
  it.each([
    ['start', ['--port', '0']],
    ['migrate', []],
  ])(
    '%s refuses a spec the checker refuses, with the checker’s message and exit code 1',
    (command, flags) => {
      const dir = scratchDir('start-invalid');
      const source = readFileSync(join(HELPDESK, 'app.ts'), 'utf8');
      const column = "columns: ['subject', 'status', 'priority', 'category', 'assignee', 'dueAt'],";
      expect(source).toContain(column);
      writeFileSync(join(dir, 'app.ts'), source.replace(column, column.replace("'dueAt'", "'dueDate'")));
      const { code, err, out } = ninefold([command, dir, ...flags], {
        DATA_DIR: join(dir, '.data'),
        ...OUTBOX_MAIL,
      });
      expect(err).toContain('the spec of Helpdesk has 1 problem (ninefold check');
      expect(err).toMatch(/✗ screens\.\w+\.columns\[5\]: .*'dueDate'/);
      expect(err).not.toContain('    at ');
      expect(out).not.toContain('is running');
      expect(existsSync(join(dir, '.data', 'app.db'))).toBe(false);
      expect(code).toBe(1);
    },
  );

  it('refuses a destructive schema change with its message and exit code 1', async () => {
    const dataDir = scratchDir('start-destructive');
    expect((await ninefoldHere(['migrate', 'examples/helpdesk'], { DATA_DIR: dataDir })).code).toBe(0);
    const db = openDatabase(join(dataDir, 'app.db'));
    await db.exec('ALTER TABLE tickets ADD COLUMN "legacyRef" text');
    await db.close();
    const { code, err, out } = ninefold(['start', 'examples/helpdesk', '--port', '0'], {
      DATA_DIR: dataDir,
      ...OUTBOX_MAIL,
    });
    expect(err).toContain('✗ The spec needs destructive schema changes:');
    expect(err).toContain('drop column tickets.legacyRef');
    expect(err).toContain('ninefold migrate <app> --allow-destructive');
    expect(err).not.toContain('    at '); // no stack trace
    expect(out).not.toContain('is running');
    expect(code).toBe(1);
  });
});
