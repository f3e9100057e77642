/**
 * @ninefold/testing — the test kit for Ninefold apps: an app on a fresh database (SQLite in
 * memory, or PostgreSQL with `TEST_DATABASE_URL`), seeded if you like, with typed clients
 * signed in as a role or a person, a clock the test moves, and realtime feeds to wait on.
 */

export { type CookieJar, cookieHeader, cookieJar, withCookies } from './cookie-jar';
export { createTestApp } from './create-test-app';
export { IN_PROCESS_ORIGIN, inProcessFetch } from './in-process-fetch';
export { LIVE_TIMEOUT_MS, type LiveFeed, liveFeed, type WaitOptions } from './live-feed';
export {
  TEST_APP_URL,
  TEST_PASSWORD,
  type TestApp,
  type TestAppOptions,
  type TestSeed,
  type TestUserOptions,
} from './test-app';
export type { ClientOptions, TestClient, TestUser } from './test-client';
export { type Duration, durationMs, type TestClock, testClock } from './test-clock';
export {
  type TestDatabase,
  type TestDatabaseKind,
  testDatabase,
  testDatabaseUrl,
  testDialects,
} from './test-database';
export {
  type NextMailOptions,
  type ReceivedMail,
  type TestMailbox,
  testMailbox,
} from './test-mailbox';
export { type SentSubscription, type TestSockets, testSockets } from './test-sockets';
