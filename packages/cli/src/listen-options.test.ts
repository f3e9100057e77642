import { describe, expect, it } from 'vitest';
import { UsageError } from './command';
import { listenOptions } from './listen-options';

describe('listenOptions', () => {
  it.each([
    { flag: undefined, env: {}, port: 3000, host: '127.0.0.1' },
    { flag: '0', env: {}, port: 0, host: '127.0.0.1' },
    { flag: undefined, env: { PORT: '8080', HOST: '0.0.0.0' }, port: 8080, host: '0.0.0.0' },
    { flag: '4000', env: { PORT: '8080' }, port: 4000, host: '127.0.0.1' },
    { flag: undefined, env: { PORT: '', HOST: '' }, port: 3000, host: '127.0.0.1' },
  ])('--port $flag with $env listens on $host:$port', ({ flag, env, port, host }) => {
    expect(listenOptions(flag, env)).toEqual({ port, host });
  });

  it.each([
    { flag: 'http', env: {}, says: "--port must be a port number from 0 to 65535, not 'http'" },
    { flag: '65536', env: {}, says: "not '65536'" },
    { flag: '-1', env: {}, says: "not '-1'" },
    { flag: '3e3', env: {}, says: "not '3e3'" },
    { flag: undefined, env: { PORT: 'abc' }, says: "PORT must be a port number from 0 to 65535, not 'abc'" },
  ])('refuses --port $flag / $env', ({ flag, env, says }) => {
    expect(() => listenOptions(flag, env)).toThrow(UsageError);
    expect(() => listenOptions(flag, env)).toThrow(says);
  });
});
