import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { drainMsFor, haproxyConfig } from './haproxy.config.js';
import { findHaproxy } from './haproxy.process.js';

const services = [
  { name: 'order', bind: { host: '127.0.0.1', port: 14001 }, servers: [{ name: 'r1', host: '127.0.0.1', port: 14401 }, { name: 'r2', host: '127.0.0.1', port: 14801 }] },
  { name: 'commerce_adapter', bind: { host: '0.0.0.0', port: 14101 }, servers: [{ name: 'r1', host: '127.0.0.1', port: 14501 }] },
];

describe('haproxyConfig', () => {
  const text = haproxyConfig({ services, statsSocket: '/tmp/x/admin.sock', replicaHeader: true });

  it('retries connection failures only, each on another replica, over fresh server connections, with fast checks on /readyz', () => {
    expect(text).toMatch(/^ {2}retry-on conn-failure$/m);
    expect(text).not.toMatch(/empty-response|all-retryable-errors|response-timeout/);
    expect(text).toMatch(/^ {2}option redispatch 1$/m);
    expect(text).toMatch(/^ {2}option http-server-close$/m);
    expect(text).toMatch(/^ {2}option httpchk GET \/readyz$/m);
    expect(text).toMatch(/^ {2}default-server check inter 500ms fall 2 rise 1$/m);
    expect(text).not.toMatch(/on-marked-down/);
    expect(drainMsFor()).toBeGreaterThanOrEqual(1500);
  });

  it('puts each service on its address, over its replicas', () => {
    expect(text).toContain('frontend order\n  bind 127.0.0.1:14001\n  default_backend order\n');
    expect(text).toContain('  server r1 127.0.0.1:14401\n  server r2 127.0.0.1:14801\n');
    expect(text).toContain('frontend commerce_adapter\n  bind :14101\n');
    expect(() => haproxyConfig({ services: [{ ...services[0]!, name: 'order; x' }] })).toThrow(/not a name/);
    expect(() => haproxyConfig({ services: [{ ...services[0]!, servers: [] }] })).toThrow(/no server/);
  });

  it('is a configuration Debian\'s haproxy accepts (haproxy -c)', () => {
    const binary = findHaproxy();
    expect(binary).toBeDefined(); // .ci/run installs it
    const dir = mkdtempSync(join(tmpdir(), 'haproxy-config-'));
    try {
      writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig({ services, statsSocket: join(dir, 'admin.sock'), replicaHeader: true, threads: 1 }));
      const output = execFileSync(binary!, ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(output).toMatch(/Configuration file is valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
