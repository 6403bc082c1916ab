import { describe, expect, it, jest } from '@jest/globals';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from './logger.js';
import { requestLogger } from './request-logger.js';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const parent = createLogger({ level, destination }) as unknown as FastifyBaseLogger;
  const child = jest.spyOn(parent, 'child');
  return { lines, parent, child };
}

describe('requestLogger (fastify childLoggerFactory)', () => {
  it('makes no child while the request writes nothing at an enabled level', () => {
    const { lines, parent, child } = capture('info');
    const log = requestLogger(parent, { reqId: 'r-1' }, {});
    log.debug('not written');
    log.trace({ any: 1 }, 'not written');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes the line the eager child would: its bindings, redaction and level', () => {
    const { lines, parent, child } = capture('info');
    const log = requestLogger(parent, { reqId: 'r-2' }, {});
    log.info({ status: 400, authorization: 'Bearer secret' }, 'request refused');
    log.error({ code: 'x' }, 'request failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'r-2', status: 400, authorization: '[redacted]', msg: 'request refused', level: 30 }),
      expect.objectContaining({ reqId: 'r-2', code: 'x', msg: 'request failed', level: 50 }),
    ]);
    expect(log.level).toBe('info');
  });

  it('gives a route with a level of its own its child at once', () => {
    const { lines, parent, child } = capture('info');
    const log = requestLogger(parent, { reqId: 'r-3' }, { level: 'debug' });
    expect(child).toHaveBeenCalledTimes(1);
    log.debug('written at the route level');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-3', level: 20 })]);
  });

  it('hands children of its own (bound to the request) to whoever asks', () => {
    const { lines, parent } = capture('info');
    requestLogger(parent, { reqId: 'r-4' }, {}).child({ part: 'body' }).warn('nested');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-4', part: 'body', level: 40 })]);
  });
});
