/**
 * A real S3-compatible server for tests: s3rver, in a child process, on 127.0.0.1 and a free port,
 * keeping its objects in a fresh temporary directory, with one bucket made and logs silenced.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StoreOptions } from '../../src/files/s3-store';

const S3RVER = createRequire(import.meta.url).resolve('s3rver');

/** A running s3rver and how to reach its bucket. */
export interface TestS3 {
  /** `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  readonly bucket: string;
  /** Everything `s3Store` needs to reach the bucket (path style, s3rver's fixed credentials). */
  readonly options: S3StoreOptions;
  /** Stops the server and deletes its directory. */
  close(): Promise<void>;
}

/**
 * Runs in the child: s3rver (CommonJS) on a free loopback port; prints `{"port":…}` once
 * listening, and exits when the parent closes its stdin (also when the parent dies).
 */
const CHILD = `
const S3rver = require(process.argv[1]);
const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false,
  configureBuckets: [{ name: bucket, configs: [] }],
});
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/**
 * Starts s3rver with one empty bucket, in a child process: s3rver's ListObjectsV2 continuation
 * tokens use DES, which OpenSSL 3 only has in its legacy provider — a Node flag, so a process of
 * its own (which also keeps s3rver's memory out of the tests' measurements).
 * @example
 * const s3 = await startS3();
 * const store = s3Store({ ...s3.options, prefix: 'test' });
 * … await store.close?.(); await s3.close();
 */
export async function startS3(bucket = 'ninefold-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'nf-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', CHILD, S3RVER, directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    options: {
      bucket,
      endpoint,
      region: 'us-east-1',
      // s3rver's documented credentials; it checks the signature made with them.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.end();
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
