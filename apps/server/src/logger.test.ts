import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

describe('log format', () => {
  it('pretty-prints for a terminal whatever NODE_ENV, and writes JSON lines elsewhere', () => {
    for (const NODE_ENV of ['production', 'development', 'test'] as const) {
      const terminal = loggerOptions({ LOG_LEVEL: 'info', NODE_ENV }, true);
      expect(terminal.transport).toMatchObject({ target: 'pino-pretty' });
      expect(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV }, false).transport).toBeUndefined();
    }
    expect(loggerOptions({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }, true).transport).toBeUndefined();
  });

  it('turns a JSON line into a readable one with the options npm start uses', () => {
    const options = loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, true);
    const transport = options.transport as { options: Record<string, unknown> };
    const pretty = prettyFactory({ ...transport.options, colorize: false });
    const line = JSON.stringify({ level: 30, time: Date.UTC(2030, 0, 1, 9, 30), pid: 1, msg: 'ready' });
    const text = pretty(line);
    expect(text).toMatch(/INFO.*ready/);
    expect(text).not.toContain('{');
  });
});
