import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStoreFromEnv } from './file-store-env';

const DATA = resolve('/srv/app/.data');

describe('fileStoreFromEnv', () => {
  it('keeps files on disk under the data directory by default', () => {
    expect(fileStoreFromEnv({}, DATA).label).toBe(`disk ${join(DATA, 'files')}`);
    expect(fileStoreFromEnv({ S3_BUCKET: '  ' }, DATA).label).toBe(`disk ${join(DATA, 'files')}`);
  });

  it('keeps them in FILES_DIR when set', () => {
    expect(fileStoreFromEnv({ FILES_DIR: '/mnt/files' }, DATA).label).toBe(`disk ${resolve('/mnt/files')}`);
  });

  it('uses S3 when S3_BUCKET is set, its label naming no secret', () => {
    const store = fileStoreFromEnv(
      {
        S3_BUCKET: 'helpdesk-files',
        S3_ENDPOINT: 'http://user:pass@127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'very-secret',
        S3_PREFIX: 'prod/',
      },
      DATA,
    );
    expect(store.label).toBe('s3 helpdesk-files/prod at http://127.0.0.1:9000');
    expect(store.label).not.toMatch(/AKIA|secret|pass/);
    expect(fileStoreFromEnv({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }, DATA).label).toBe('s3 b (eu-west-1)');
  });

  it('refuses half a key pair, naming both variables and neither value', () => {
    for (const env of [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      { S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'very-secret' },
    ]) {
      const error = (() => {
        try {
          fileStoreFromEnv(env, DATA);
        } catch (e) {
          return e as Error;
        }
        return undefined;
      })();
      expect(error?.message).toMatch(/S3_ACCESS_KEY_ID.*S3_SECRET_ACCESS_KEY/);
      expect(error?.message).not.toMatch(/AKIA|very-secret/);
    }
  });

  it('refuses an S3_FORCE_PATH_STYLE other than true or false', () => {
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, DATA)).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false' }, DATA)).not.toThrow();
  });

  it('refuses an unsafe S3_PREFIX', () => {
    expect(() => fileStoreFromEnv({ S3_BUCKET: 'b', S3_PREFIX: '../other' }, DATA)).toThrow(/prefix/);
  });
});
