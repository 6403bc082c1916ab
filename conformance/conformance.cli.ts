/**
 * Checks a running adapter against the payment adapter contract (docs/adapter-kit.md, "Conformance"):
 *   npm run conformance -- --adapter-url <url> --adapter-id <id> [--merchant m --channel c] [--create-body '<json>']
 * One PASS/FAIL/SKIP line per check; exit 1 on any failure, 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/env/env.config.js';
import { formatResult, runConformance } from './conformance.runner.js';
import { platformAccess } from './platform-access.js';

const USAGE = "usage: npm run conformance -- --adapter-url <url> --adapter-id <id> [--merchant m] [--channel c] [--create-body '<json>']";

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        'adapter-url': { type: 'string' },
        'adapter-id': { type: 'string' },
        merchant: { type: 'string', default: 'm' },
        channel: { type: 'string', default: 'c' },
        'create-body': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const adapterUrl = values['adapter-url'] as string | undefined;
  const adapterId = values['adapter-id'] as string | undefined;
  if (!adapterUrl || !URL.canParse(adapterUrl)) fail('--adapter-url must be an absolute URL');
  if (!adapterId) fail('--adapter-id is required');
  let createBody: unknown;
  if (values['create-body'] !== undefined) {
    try {
      createBody = JSON.parse(values['create-body'] as string);
    } catch {
      fail('--create-body must be JSON');
    }
  }
  const results = await runConformance(
    { adapterUrl, adapterId, tenant: { merchant: values.merchant as string, channel: values.channel as string }, ...(createBody === undefined ? {} : { createBody }) },
    platformAccess(loadConfig()),
    (result) => process.stdout.write(`${formatResult(result)}\n`),
  );
  const failed = results.filter((r) => r.status === 'fail').length;
  process.stdout.write(`${results.length - failed} of ${results.length} checks did not fail; ${failed} failed\n`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => fail((error as Error).message));
