import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseLocation } from './database-location';

describe('databaseLocation', () => {
  it.each([
    {
      env: {},
      url: '/repo/examples/helpdesk/.data/app.db',
      label: 'SQLite /repo/examples/helpdesk/.data/app.db',
    },
    { env: { DATA_DIR: 'var/nf' }, url: '/repo/var/nf/app.db', label: 'SQLite /repo/var/nf/app.db' },
    { env: { DATA_DIR: '/srv/data' }, url: '/srv/data/app.db', label: 'SQLite /srv/data/app.db' },
    {
      env: { DATA_DIR: '  ' },
      url: '/repo/examples/helpdesk/.data/app.db',
      label: 'SQLite /repo/examples/helpdesk/.data/app.db',
    },
    {
      env: { DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/helpdesk', DATA_DIR: '/ignored' },
      url: 'postgres://app:s3cret@db.internal:5432/helpdesk',
      label: 'postgres://app:***@db.internal:5432/helpdesk',
      // The disk file store lives there on PostgreSQL too.
      dataDir: '/ignored',
    },
    {
      env: { DATABASE_URL: 'postgres://db.internal/helpdesk' },
      url: 'postgres://db.internal/helpdesk',
      label: 'postgres://db.internal/helpdesk',
    },
  ])('$env → $label', ({ env, url, label, dataDir }) => {
    const where = databaseLocation('examples/helpdesk', '/repo', env);
    expect(where.url).toBe(url);
    expect(where.label).toBe(label);
    expect(where.dataDir).toBe(
      dataDir ?? (where.sqliteFile ? dirname(url) : '/repo/examples/helpdesk/.data'),
    );
    expect(where.label).not.toContain('s3cret');
  });
});
