/**
 * Prints a signed token and nothing else:
 *   npm run --silent token -- --merchant <m> --channel <c> --role <role> [--adapter <id>] [--expires 12h] [--hs256]
 * `--channel` may repeat or hold a comma list; `*` allows every channel of the merchant.
 * Signed with the platform's key (AUTH_SIGNING_KEY, else DATA_DIR's), which platform services and
 * adapters accept; `--hs256` signs with AUTH_JWT_SECRET instead, for platform services only.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './app.config.js';
import { resolveAuthConfig } from '../platform/auth/auth-config.js';
import { ROLES as ALL_ROLES, type Role } from '../platform/auth/principal.js';
import { operatorToken } from '../platform/auth/operator-token.js';
import { issueToken } from '../platform/auth/token-issuer.js';

// Role shopper is a checkout token the order service signs with the platform key, never an HS256 token.
const ROLES = ALL_ROLES.filter((role) => role !== 'shopper');

function fail(message: string): never {
  process.stderr.write(`${message}\nusage: npm run --silent token -- --merchant <m> --channel <c> --role <${ROLES.join('|')}> [--adapter <id>] [--expires 12h] [--hs256]\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        merchant: { type: 'string' },
        channel: { type: 'string', multiple: true },
        role: { type: 'string' },
        adapter: { type: 'string' },
        expires: { type: 'string' },
        hs256: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const merchant = values.merchant as string | undefined;
  const channels = ((values.channel as string[] | undefined) ?? []).flatMap((c) => c.split(',')).map((c) => c.trim()).filter(Boolean);
  const role = values.role as string | undefined;
  const adapterId = values.adapter as string | undefined;
  if (!merchant) fail('--merchant is required');
  if (channels.length === 0) fail('--channel is required');
  if (!role || !(ROLES as readonly string[]).includes(role)) fail(`--role must be one of ${ROLES.join(', ')}`);
  if (role === 'adapter' && !adapterId) fail('--adapter is required for role adapter');

  const config = loadConfig();
  const claims = { merchant, channels, role: role as Role, ...(adapterId ? { adapterId } : {}) };
  const expiresIn = (values.expires as string | undefined) ?? '12h';
  let token: string;
  if (values.hs256) {
    const auth = resolveAuthConfig(config);
    token = await issueToken(claims, { secret: auth.secret, issuer: auth.issuer, audience: auth.audience, expiresIn });
  } else {
    token = await operatorToken(config, claims, { expiresIn });
  }
  process.stdout.write(`${token}\n`);
}

main().catch((error: unknown) => fail((error as Error).message));
