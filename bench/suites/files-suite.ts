/**
 * The files suite (issue #18): (a) download throughput of one 1 MiB file through Ninefold's
 * download route (the signed url a browser is given, files on the local disk) against a bare
 * Node static server streaming the same file from the same disk, interleaved in the same run;
 * (b) one 100 MB upload streamed to the upload route, with the server process's resident
 * memory before, at its peak and after, beside the same body streamed to a bare server that
 * writes it to disk. Both servers are child processes (bench/suites/files-server.ts).
 *
 * `npm run bench -- files` (or, with the packages built, `npx tsx bench/run.ts files`).
 * BENCH_CONNECTIONS (default 4 here), BENCH_SECONDS, BENCH_WARMUP, BENCH_ROUNDS tune the download
 * comparison; BENCH_UPLOAD_MB the upload's size (default 100).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_DIR, REPO_ROOT } from '../lib/bench-paths';
import { runSettings } from '../lib/compare-pair';
import { type Comparison, comparisonTable, machineInfo, markdownTable, passes } from '../lib/report';
import { benchEnv, type ServerHandle } from '../lib/server-process';
import { type Child, compareDownloads } from './files-download';

const MIB = 1_048_576;
const ENTRY = fileURLToPath(new URL('./files-server.ts', import.meta.url));
const PASSWORD = 'files-bench-password-1';

/** One streamed upload: how long it took, and the server's resident memory around it. */
interface UploadRun {
  readonly server: string;
  readonly bytes: number;
  readonly status: number;
  readonly seconds: number;
  readonly rssBefore: number;
  readonly rssPeak: number;
  readonly rssAfter: number;
}

/**
 * Runs the suite; returns its report (Markdown). Sets a failing exit code when the download
 * ratio misses 0.8× or the upload is not answered 201 (reported, never asserted on time).
 * @example const markdown = await filesSuite();
 */
export async function filesSuite(): Promise<string> {
  // Few connections: each holds a MiB in flight, and two cores serve both ends.
  const settings = { ...runSettings(), connections: Number(process.env.BENCH_CONNECTIONS ?? 4) };
  const uploadMb = Number(process.env.BENCH_UPLOAD_MB ?? 100);
  const dir = join(DATA_DIR, `files-${Date.now()}`);
  mkdirSync(join(dir, 'bare-uploads'), { recursive: true });
  const children: Child[] = [];
  try {
    const ours = await startChild('ninefold (files on disk)', ['ninefold', dir]);
    children.push(ours);
    const auth = await signUp(ours);
    const file = await upload(ours, auth, randomBytes(MIB), 'one-mib.bin');
    const stored = onlyStoredFile(join(dir, 'files'));
    const bare = await startChild('bare static server', ['bare', stored, join(dir, 'bare-uploads')]);
    children.push(bare);

    const download = new URL(file.url, ours.url);
    console.log(`Files: ${settings.connections} connections, ${settings.seconds} s a side…`);
    const { row, medianRatio } = await compareDownloads(
      { server: ours, path: `${download.pathname}${download.search}` },
      { server: bare, path: '/' },
      settings,
    );
    if (!passes(row)) process.exitCode = 1;

    console.log(`  upload ${uploadMb} MB: Ninefold, then the bare server…`);
    const doc = await createDoc(ours, auth, 'The big one');
    const uploads = [
      await measureUpload(
        ours,
        uploadMb * 1_000_000,
        multipartTo(`/api/entities/docs/${doc}/files/file`, auth),
      ),
      await measureUpload(bare, uploadMb * 1_000_000, { path: '/upload', method: 'PUT', headers: {} }),
    ];
    // What the answer said, checked on the disk: the upload's bytes are all in the store.
    const sizes = [...storedSizes(join(dir, 'files')).values()].sort((x, y) => x - y);
    if (sizes.join() !== `${MIB},${uploadMb * 1_000_000}`)
      throw new Error(`the disk store holds files of ${sizes.join(', ')} bytes`);
    return report([row], medianRatio, uploads, settings.connections);
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts a files-server child; resolves once it reports its URL. */
function startChild(name: string, args: readonly string[]): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: benchEnv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid!;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before listening`)));
    child.once('message', (message) =>
      resolve({
        name,
        pid,
        url: (message as { url: string }).url,
        cpuSeconds: () => cpuOf(pid),
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      }),
    );
  });
}

function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process, in bytes (VmRSS). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

async function json(res: Response, status: number, what: string): Promise<any> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A member signed up on the Ninefold side: the headers that authenticate as them. */
async function signUp(server: ServerHandle): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@files.bench', password: PASSWORD, name: 'Member' }),
  });
  const { token } = await json(res, 201, 'sign-up');
  return { authorization: `Bearer ${token}` };
}

async function createDoc(server: ServerHandle, auth: Record<string, string>, title: string): Promise<string> {
  const res = await fetch(`${server.url}/api/entities/docs`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  return String((await json(res, 201, 'create a document')).id);
}

/** Uploads `bytes` to a new document's file through the route; answers the FileRef. */
async function upload(
  server: ServerHandle,
  auth: Record<string, string>,
  bytes: Buffer,
  name: string,
): Promise<{ id: string; url: string; size: number }> {
  const id = await createDoc(server, auth, name);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}/api/entities/docs/${id}/files/file`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  return json(res, 201, 'upload');
}

/** The sizes of the files the disk store holds, by path (its `.tmp` left out). */
function storedSizes(root: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.set(path, statSync(path).size);
    }
  };
  walk(root);
  return found;
}

/** The one file the disk store holds (the ceiling serves the same bytes from the same disk). */
function onlyStoredFile(root: string): string {
  const found = [...storedSizes(root)];
  if (found.length !== 1 || found[0]![1] !== MIB)
    throw new Error(`expected one stored file of 1 MiB under ${root}, found ${found.length}`);
  return found[0]![0];
}

interface Target {
  readonly path: string;
  readonly method: 'POST' | 'PUT';
  readonly headers: Record<string, string>;
  /** Bytes sent before and after the payload (a multipart part's head and the closing line). */
  readonly head?: Buffer;
  readonly tail?: Buffer;
}

function multipartTo(path: string, auth: Record<string, string>): Target {
  const boundary = `files-bench-${randomBytes(8).toString('hex')}`;
  return {
    path,
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** An upload that takes longer than this is reported as failed, not waited on for ever. */
const UPLOAD_TIMEOUT_MS = 300_000;

/**
 * Sends `head`, `bytes` (a 1 MiB random block repeated, at the pace the server reads: nothing
 * of the body is held whole here either) and `tail`; answers the status, the answer's body,
 * and when the last byte went out and when the answer came.
 */
function sendBody(url: URL, bytes: number, target: Target) {
  const block = randomBytes(MIB);
  const head = target.head ?? Buffer.alloc(0);
  const tail = target.tail ?? Buffer.alloc(0);
  return new Promise<{ status: number; body: string; sentAt: number; answeredAt: number }>(
    (resolve, reject) => {
      let sentAt = Number.NaN;
      const req = request(url, {
        method: target.method,
        headers: { ...target.headers, 'content-length': String(head.length + bytes + tail.length) },
        timeout: UPLOAD_TIMEOUT_MS,
      });
      req.once('timeout', () => req.destroy(new Error(`no answer within ${UPLOAD_TIMEOUT_MS / 1000} s`)));
      req.once('error', reject);
      req.once('finish', () => (sentAt = performance.now()));
      req.once('response', (res) => {
        const answeredAt = performance.now();
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.once('end', () => resolve({ status: res.statusCode ?? 0, body, sentAt, answeredAt }));
      });
      void (async () => {
        req.write(head);
        for (let sent = 0; sent < bytes && !req.destroyed; sent += block.length) {
          const chunk = block.subarray(0, Math.min(block.length, bytes - sent));
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.end(tail);
      })();
    },
  );
}

/**
 * Streams `bytes` to `target`, sampling the server's resident memory every 20 ms. The answer
 * must say it stored exactly `bytes` (`size`), and come after the last byte was sent.
 */
async function measureUpload(server: Child, bytes: number, target: Target): Promise<UploadRun> {
  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = rssOf(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.pid))), 20);
  const started = performance.now();
  const sent = await sendBody(new URL(target.path, server.url), bytes, target).finally(() =>
    clearInterval(sampler),
  );
  const seconds = (sent.answeredAt - started) / 1000;
  rssPeak = Math.max(rssPeak, rssOf(server.pid));
  const stored = sent.status === 201 ? Number(JSON.parse(sent.body).size) : Number.NaN;
  if (stored !== bytes || !(sent.answeredAt >= sent.sentAt)) {
    throw new Error(
      `${server.name}: answered ${sent.status} ${sent.body.slice(0, 200)} ` +
        `${(sent.answeredAt - sent.sentAt).toFixed(0)} ms after the last byte; expected 201 with size ${bytes}`,
    );
  }
  await new Promise((r) => setTimeout(r, 1000));
  const run = {
    server: server.name,
    bytes,
    status: sent.status,
    seconds,
    rssBefore,
    rssPeak,
    rssAfter: rssOf(server.pid),
  };
  console.log(
    `    ${server.name}: ${sent.status}, ${stored} bytes stored, in ${seconds.toFixed(2)} s ` +
      `(answered ${(sent.answeredAt - sent.sentAt).toFixed(0)} ms after the last byte), RSS +${mb(rssPeak - rssBefore)} MB at peak`,
  );
  return run;
}

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

function report(
  rows: readonly Comparison[],
  medianRatio: number,
  uploads: readonly UploadRun[],
  connections: number,
): string {
  const mbps = (rps: number) => (rps * MIB) / 1_000_000;
  return [
    `### Files: download of a 1 MiB file (${connections} connections) and a streamed upload`,
    '',
    `Machine: ${machineInfo()}.`,
    '',
    comparisonTable('bare static', rows),
    '',
    markdownTable(
      ['workload', 'ours MB/s', 'bare static MB/s', 'ratio', 'median ratio of rounds'],
      rows.map((r) => [
        r.workload,
        mbps(r.ours.rps).toFixed(0),
        mbps(r.ceiling.rps).toFixed(0),
        `${(r.ours.rps / r.ceiling.rps).toFixed(2)}×`,
        `${medianRatio.toFixed(2)}×`,
      ]),
    ),
    '',
    markdownTable(
      [
        'upload',
        'status',
        'MB',
        'seconds',
        'MB/s',
        'RSS before MB',
        'RSS peak MB',
        'growth at peak MB',
        'RSS after MB',
      ],
      uploads.map((u) => [
        u.server,
        String(u.status),
        mb(u.bytes),
        u.seconds.toFixed(2),
        (u.bytes / 1_000_000 / u.seconds).toFixed(0),
        mb(u.rssBefore),
        mb(u.rssPeak),
        mb(u.rssPeak - u.rssBefore),
        mb(u.rssAfter),
      ]),
    ),
    '',
    'Download: `GET` of the signed url the file reference carries (`?token=`: verified, the record and ' +
      'the field judged for its reader on every request), against a bare Node server piping fs.createReadStream of the stored file itself; ' +
      'both read by the same node:http client (keep-alive, each body counted to its end, a 200 of other than 1 MiB counted failed), ' +
      'in back-to-back rounds alternating which side goes first. ' +
      'Upload: one request, a multipart part streamed at the pace the server reads it (Ninefold; type from content, written to the disk store, ledger row) ' +
      'or the raw body piped to a file and fsynced (bare); resident memory (VmRSS) of the server process sampled every 20 ms, "after" 1 s after the answer.',
  ].join('\n');
}
