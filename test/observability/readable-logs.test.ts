import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../app/app.config.js';
import { createApp } from '../../platform/http/app.factory.js';
import { createLogger, logFormatFor, type LogFormat } from '../../platform/logging/logger.js';
import { unauthorized } from '../../platform/errors/app-error.js';

/** A logger writing into a string, as `npm start` would write to its stdout. */
function capture(level: string, format: LogFormat) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { logger: createLogger({ level, format, destination: stream }), text: () => text };
}

describe('the log format', () => {
  it('is readable lines on a terminal and JSON otherwise; LOG_FORMAT overrides', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor(undefined, undefined)).toBe('json'); // stdout a pipe or a file: isTTY is undefined
    expect(logFormatFor('auto', true)).toBe('pretty');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' })).toThrow(/LOG_FORMAT/);
  });

  it('pretty: one line a message with the time of day, level, service and fields; no epoch milliseconds, secrets still redacted', () => {
    const { logger, text } = capture('info', 'pretty');
    logger.child({ service: 'order' }).info({ url: 'http://127.0.0.1:4001', password: 'hunter2' }, 'service listening');
    logger.warn('demo data could not be prepared');
    const lines = text().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: \[order\] service listening \{"url":"http:\/\/127\.0\.0\.1:4001","password":"\[redacted\]"\}$/);
    expect(lines[1]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: demo data could not be prepared$/);
    expect(text()).not.toContain('hunter2');
    expect(text()).not.toMatch(/"time":\d{13}/);
    expect(text()).not.toContain('\u001b['); // no colours when not writing to a terminal
  });

  it('json: one JSON object a line, as collectors read it', () => {
    const { logger, text } = capture('info', 'json');
    logger.child({ service: 'order' }).info({ url: 'http://127.0.0.1:4001' }, 'service listening');
    expect(JSON.parse(text())).toMatchObject({ level: 30, service: 'order', url: 'http://127.0.0.1:4001', msg: 'service listening', time: expect.any(Number) });
  });
});

describe('per-request lines', () => {
  const serve = async (level: string) => {
    const { logger, text } = capture(level, 'json');
    const app = createApp({ name: 'probe', logger, verifier: { verify: () => Promise.reject(unauthorized('no')) }, bodyLimitBytes: 1000 });
    app.get('/hello', { config: { public: true } }, async () => ({ hello: 'world' }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/hello' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/private' })).statusCode).toBe(401);
    await app.close();
    return text()
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; level: number });
  };

  it('are not written at the default level (info); a refused request still is', async () => {
    const lines = await serve('info');
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
    expect(lines.filter((line) => line.msg === 'request refused')).toHaveLength(1);
  });

  it('are written at debug (LOG_LEVEL=debug), with the request and its answer', async () => {
    const lines = await serve('debug');
    const requestLines = lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    expect(requestLines).toHaveLength(4);
    for (const line of requestLines) expect(line.level).toBe(20);
    expect(lines.find((line) => line.msg === 'incoming request')).toMatchObject({ req: { method: 'GET', url: '/hello' } });
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
  });
});
