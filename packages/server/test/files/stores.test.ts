/**
 * Both file stores pass one conformance suite: the disk store in a temporary directory, and the
 * S3 store against a real S3-compatible server (s3rver on 127.0.0.1), bare and under a prefix.
 * Then what only one of them can show: the disk store's temp files and directories, the S3
 * store's prefix and its configuration from the environment.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStoreFromEnv } from '../../src/files/file-store-env';
import { localStore } from '../../src/files/local-store';
import { s3Store } from '../../src/files/s3-store';
import { bytesOf, describeFileStore, failingStream, streamOf } from '../support/file-store-suite';
import { startS3, type TestS3 } from '../support/s3-server';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'nf-files-'));
}

describeFileStore('disk', async () => {
  const dir = tempDir();
  return { store: localStore(dir), close: async () => rmSync(dir, { recursive: true }) };
});

describeFileStore('s3 (s3rver)', async () => {
  const s3 = await startS3();
  const store = s3Store(s3.options);
  return {
    store,
    async close() {
      await store.close?.();
      await s3.close();
    },
  };
});

describeFileStore('s3 (s3rver) under a prefix', async () => {
  const s3 = await startS3();
  const store = s3Store({ ...s3.options, prefix: 'helpdesk/' });
  return {
    store,
    async close() {
      await store.close?.();
      await s3.close();
    },
  };
});

describe('the disk store on disk', () => {
  const dir = tempDir();
  const store = localStore(dir);
  afterAll(() => rmSync(dir, { recursive: true }));

  it('keeps files at <dir>/<key> and names them with pathOf', async () => {
    await store.put('tickets/01/a.bin', streamOf('abc'));
    expect(store.pathOf('tickets/01/a.bin')).toBe(join(dir, 'tickets', '01', 'a.bin'));
    expect(existsSync(join(dir, 'tickets', '01', 'a.bin'))).toBe(true);
    expect(() => store.pathOf('../a')).toThrow(/Refused store key/);
  });

  it('leaves no temporary file behind, failed or not', async () => {
    await store.put('t/ok', streamOf('fine'));
    await expect(store.put('t/bad', failingStream(300 * 1024))).rejects.toThrow();
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
    expect(existsSync(join(dir, 't', 'bad'))).toBe(false);
  });

  it('removes the directories a remove emptied, not the store itself', async () => {
    await store.put('deep/x/y/z', streamOf('1'));
    await store.put('deep/x/keep', streamOf('2'));
    await store.remove('deep/x/y/z');
    expect(existsSync(join(dir, 'deep', 'x', 'y'))).toBe(false);
    expect(existsSync(join(dir, 'deep', 'x', 'keep'))).toBe(true);
    await store.remove('deep/x/keep');
    expect(existsSync(join(dir, 'deep'))).toBe(false);
    expect(existsSync(dir)).toBe(true);
  });

  it('never lists its temporary files, nor files no key could name', async () => {
    mkdirSync(join(dir, '.tmp'), { recursive: true });
    writeFileSync(join(dir, '.tmp', 'left.part'), 'half');
    mkdirSync(join(dir, 'odd'), { recursive: true });
    writeFileSync(join(dir, 'odd', 'a name with spaces'), 'x');
    writeFileSync(join(dir, 'odd', 'fine'), 'x');
    const keys: string[] = [];
    for await (const { key } of store.list()) keys.push(key);
    expect(keys.some((k) => k.startsWith('.') || k.includes(' '))).toBe(false);
    expect(keys).toContain('odd/fine');
  });
});

describe('the S3 store in its bucket', () => {
  let s3: TestS3;
  let raw: S3Client;
  beforeAll(async () => {
    s3 = await startS3();
    raw = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  afterAll(async () => {
    raw.destroy();
    await s3.close();
  });

  async function objectKeys(): Promise<string[]> {
    const page = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
  }

  it('stores keys under its prefix and answers them without it', async () => {
    const store = s3Store({ ...s3.options, prefix: 'app-one' });
    await store.put('tickets/1', streamOf('one'));
    expect(await objectKeys()).toContain('app-one/tickets/1');
    const keys: string[] = [];
    for await (const { key } of store.list()) keys.push(key);
    expect(keys).toEqual(['tickets/1']);
    // Another prefix in the same bucket sees none of it.
    const other = s3Store({ ...s3.options, prefix: 'app-two' });
    expect(await other.has('tickets/1')).toBe(false);
    await Promise.all([store.close?.(), other.close?.()]);
  });

  it('is configured from the environment, with a label that shows no secret', async () => {
    const store = fileStoreFromEnv(
      {
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'from-env',
      },
      '/unused',
    );
    expect(store.label).toBe(`s3 ${s3.bucket}/from-env at ${s3.endpoint}`);
    expect(await store.put('k', streamOf('via env'))).toBe(7);
    expect((await bytesOf((await store.get('k'))!.body)).toString()).toBe('via env');
    expect(await objectKeys()).toContain('from-env/k');
    await store.close?.();
  });

  it('leaves no object and no upload behind when a multipart upload fails', async () => {
    const store = s3Store({ ...s3.options, prefix: 'aborted' });
    await expect(store.put('big', failingStream(11 * 1024 * 1024))).rejects.toThrow();
    expect((await objectKeys()).filter((k) => k.startsWith('aborted/'))).toEqual([]);
    await store.close?.();
  });

  it('does not list objects no key could name (another tool in a shared bucket)', async () => {
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'shared/a b', Body: 'x' }));
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'shared/../up', Body: 'x' }));
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'shared/ok', Body: 'x' }));
    const store = s3Store({ ...s3.options, prefix: 'shared' });
    const keys: string[] = [];
    for await (const { key } of store.list()) keys.push(key);
    expect(keys).toEqual(['ok']);
    await store.close?.();
  });

  it('refuses an unsafe prefix', () => {
    expect(() => s3Store({ ...s3.options, prefix: '../x' })).toThrow(/prefix/);
  });
});
