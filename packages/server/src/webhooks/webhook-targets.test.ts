import { defineApp, entity, f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { webhookTargets } from './webhook-targets';

const app = defineApp({
  about: { name: 'Hooks', summary: 'Webhook targets.', audience: 'The tests.' },
  roles: { admin: { admin: true } },
  entities: { notes: entity({ title: 'text', fields: { text: f.text() } }) },
  webhooks: {
    noteEvents: { on: [{ entity: 'notes', op: 'create' }], role: 'admin' },
    auditFeed: { on: [{ entity: 'notes', op: 'delete' }], role: 'admin' },
  },
});

const SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
const URL_ = 'https://hooks.example.test/in';

describe('webhookTargets', () => {
  it('names each webhook by its upper snake case name', () => {
    expect(app.webhooks.noteEvents!.env).toEqual({
      url: 'WEBHOOK_NOTE_EVENTS_URL',
      secret: 'WEBHOOK_NOTE_EVENTS_SECRET',
    });
  });

  it.each([
    { case: 'nothing set: every webhook off', env: {}, targets: {} },
    {
      case: 'one configured, the other off',
      env: { WEBHOOK_NOTE_EVENTS_URL: URL_, WEBHOOK_NOTE_EVENTS_SECRET: SECRET },
      targets: { noteEvents: { url: URL_, secret: SECRET } },
    },
    {
      case: 'blank values count as unset',
      env: { WEBHOOK_NOTE_EVENTS_URL: ' ', WEBHOOK_NOTE_EVENTS_SECRET: '' },
      targets: {},
    },
    {
      case: 'http on a local port, padding-free secret, spaces trimmed',
      env: {
        WEBHOOK_AUDIT_FEED_URL: ' http://127.0.0.1:8080/hook ',
        WEBHOOK_AUDIT_FEED_SECRET: `${SECRET.replace(/=+$/, '')}\n`,
      },
      targets: { auditFeed: { url: 'http://127.0.0.1:8080/hook', secret: SECRET.replace(/=+$/, '') } },
    },
  ])('$case', ({ env, targets }) => {
    expect(webhookTargets(app, env)).toEqual(targets);
  });

  it.each([
    {
      case: 'a URL without its secret',
      env: { WEBHOOK_NOTE_EVENTS_URL: URL_ },
      names: 'WEBHOOK_NOTE_EVENTS_SECRET',
    },
    {
      case: 'a secret without its URL',
      env: { WEBHOOK_AUDIT_FEED_SECRET: SECRET },
      names: 'WEBHOOK_AUDIT_FEED_URL',
    },
    {
      case: 'a URL that is not http(s)',
      env: { WEBHOOK_NOTE_EVENTS_URL: 'ftp://files.example.test/', WEBHOOK_NOTE_EVENTS_SECRET: SECRET },
      names: 'WEBHOOK_NOTE_EVENTS_URL',
    },
    {
      case: 'a URL that is no URL',
      env: { WEBHOOK_NOTE_EVENTS_URL: 'hooks.example.test', WEBHOOK_NOTE_EVENTS_SECRET: SECRET },
      names: 'WEBHOOK_NOTE_EVENTS_URL',
    },
    {
      case: 'a secret without whsec_',
      env: { WEBHOOK_NOTE_EVENTS_URL: URL_, WEBHOOK_NOTE_EVENTS_SECRET: SECRET.slice(6) },
      names: 'WEBHOOK_NOTE_EVENTS_SECRET',
    },
    {
      case: 'a secret that is not base64',
      env: {
        WEBHOOK_NOTE_EVENTS_URL: URL_,
        WEBHOOK_NOTE_EVENTS_SECRET: 'whsec_not base64 at all, clearly!!',
      },
      names: 'WEBHOOK_NOTE_EVENTS_SECRET',
    },
    {
      case: 'a secret too short to be a key',
      env: { WEBHOOK_NOTE_EVENTS_URL: URL_, WEBHOOK_NOTE_EVENTS_SECRET: 'whsec_c2hvcnQ=' },
      names: 'WEBHOOK_NOTE_EVENTS_SECRET',
    },
  ])('refuses $case, naming $names and never the value', ({ env, names }) => {
    let error: unknown;
    try {
      webhookTargets(app, env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(names);
    expect(message).not.toContain(SECRET.slice(6, 20));
  });
});
