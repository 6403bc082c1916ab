import { sandboxManifestFile } from './sandbox.template.js';
import { sandboxSetupLines } from './adapter-parts.template.js';
import type { ScaffoldFile, TemplateContext } from './template-context.js';

/**
 * The sandbox folder of a gift card system (docs/adapter-kit.md, "Writing a sandbox"): cards
 * (seeded through \`/api/sandbox/cards\`), reservations addressed by their id (reserve, commit,
 * release: each safe to repeat), failures and the clock.
 */
export function giftcardSandboxFiles({ names, sandboxPort }: TemplateContext): ScaffoldFile[] {
  const { folder, title, pascal, constant } = names;
  const dir = `sandboxes/${folder}`;
  return [
    {
      path: `${dir}/${folder}.store.ts`,
      text: `import { AppError } from '../../platform/errors/app-error.js';

export interface ${pascal}CardRecord {
  cardId: string;
  currency: string;
  balance: number;
}

export interface ${pascal}ReservationRecord {
  id: string;
  cardId: string;
  amount: number;
  currency: string;
  status: 'held' | 'committed' | 'released';
  updatedAt: string;
}

const round = (amount: number) => Math.round(amount * 100) / 100;

/**
 * ${title}'s cards and reservations in memory. A card's \`available\` is its balance less what is
 * held; committing takes the amount off the balance. Every change names its reservation, so the
 * same call again answers the same reservation and changes nothing.
 */
export class ${pascal}Store {
  private readonly cards = new Map<string, ${pascal}CardRecord>();
  private readonly reservations = new Map<string, ${pascal}ReservationRecord>();

  constructor(private readonly now: () => Date) {}

  seed(card: ${pascal}CardRecord): ${pascal}CardRecord {
    this.cards.set(card.cardId, { ...card });
    return this.card(card.cardId);
  }

  card(cardId: string): ${pascal}CardRecord & { available: number } {
    const card = this.cards.get(cardId);
    if (!card) throw new AppError(404, 'card_not_found', 'No such card.');
    return { ...card, available: round(card.balance - this.held(cardId)) };
  }

  /** Holds \`amount\` of the card under \`id\`: again with the same body, the same reservation; a released one is held again. */
  reserve(id: string, asked: { cardId: string; amount: number; currency: string }): ${pascal}ReservationRecord {
    const known = this.reservations.get(id);
    if (known?.status === 'committed') {
      if (known.cardId === asked.cardId && known.amount === asked.amount) return known;
      throw new AppError(409, 'reservation_committed', 'The reservation is committed already.');
    }
    const card = this.card(asked.cardId);
    if (card.currency !== asked.currency) throw new AppError(409, 'currency_mismatch', \`The card is in \${card.currency}.\`);
    const heldHere = known?.status === 'held' && known.cardId === asked.cardId ? known.amount : 0;
    if (asked.amount > round(card.available + heldHere)) throw new AppError(409, 'insufficient_balance', 'The card does not have enough balance.');
    const reservation: ${pascal}ReservationRecord = { id, ...asked, status: 'held', updatedAt: this.now().toISOString() };
    this.reservations.set(id, reservation);
    return reservation;
  }

  commit(id: string): ${pascal}ReservationRecord {
    const reservation = this.reservation(id);
    if (reservation.status === 'committed') return reservation;
    if (reservation.status !== 'held') throw new AppError(409, 'reservation_released', 'The reservation was released.');
    this.cards.get(reservation.cardId)!.balance = round(this.cards.get(reservation.cardId)!.balance - reservation.amount);
    return this.settle(reservation, 'committed');
  }

  release(id: string): ${pascal}ReservationRecord {
    const reservation = this.reservation(id);
    if (reservation.status === 'released') return reservation;
    if (reservation.status === 'committed') throw new AppError(409, 'reservation_committed', 'The reservation is committed already.');
    return this.settle(reservation, 'released');
  }

  reservation(id: string): ${pascal}ReservationRecord {
    const reservation = this.reservations.get(id);
    if (!reservation) throw new AppError(404, 'reservation_not_found', 'No such reservation.');
    return reservation;
  }

  private settle(reservation: ${pascal}ReservationRecord, status: 'committed' | 'released'): ${pascal}ReservationRecord {
    reservation.status = status;
    reservation.updatedAt = this.now().toISOString();
    return reservation;
  }

  private held(cardId: string): number {
    let held = 0;
    for (const reservation of this.reservations.values()) if (reservation.cardId === cardId && reservation.status === 'held') held += reservation.amount;
    return held;
  }
}
`,
    },
    {
      path: `${dir}/${folder}-sandbox.app.ts`,
      text: `import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import { ExchangeJournal } from '../shared/exchange.journal.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { ${pascal}Store, type ${pascal}CardRecord } from './${folder}.store.js';

export const ${constant}_SANDBOX_PORT = ${sandboxPort};
/** The API key every instance accepts unless told otherwise. */
export const DEFAULT_${constant}_API_KEY = '${folder}-sandbox-key';
/** Operations that failures can be injected into (\`POST /api/sandbox/failures {operation}\`). */
export const ${constant}_OPERATIONS = ['getCard', 'reserve', 'commit', 'release'] as const;

export interface ${pascal}SandboxOptions {
  logger: Logger;
  apiKey?: string;
  now?: () => Date;
}

const CARD_PARAMS = { type: 'object', required: ['cardId'], properties: { cardId: { type: 'string', minLength: 1, maxLength: 128 } } } as const;
const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 128 } } } as const;
const RESERVE_BODY = {
  type: 'object',
  required: ['cardId', 'amount', 'currency'],
  additionalProperties: false,
  properties: { cardId: { type: 'string', minLength: 1, maxLength: 128 }, amount: { type: 'number', exclusiveMinimum: 0 }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
} as const;
const CARD_BODY = {
  type: 'object',
  required: ['cardId', 'balance', 'currency'],
  additionalProperties: false,
  properties: { cardId: { type: 'string', minLength: 1, maxLength: 128 }, balance: { type: 'number', minimum: 0 }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
} as const;
type IdRoute = { Params: { id: string } };

/**
 * ${title}'s sandbox: its API (\`X-API-Key\`: a card's available balance; reservations by id —
 * PUT holds, commit takes the amount off the balance, DELETE releases), cards seeded through
 * \`POST /api/sandbox/cards\`, failures and the clock. See docs/sandboxes.md.
 */
export function create${pascal}Sandbox(options: ${pascal}SandboxOptions): { app: FastifyInstance; state: { store: ${pascal}Store; failures: FailureInjector; clock: SandboxClock } } {
${sandboxSetupLines(names)}  registerSandboxAdminRoutes(app, failures, clock);
  app.post<{ Body: ${pascal}CardRecord }>('/api/sandbox/cards', { schema: { body: CARD_BODY } }, async (request, reply) => reply.status(201).send(store.seed(request.body)));

  void app.register(async (api) => {
    api.addHook('onRequest', async (request) => {
      if (request.headers['x-api-key'] !== apiKey) throw new AppError(401, 'unauthorized', 'A valid X-API-Key header is required.');
    });
    api.get<{ Params: { cardId: string } }>('/v1/cards/:cardId', { schema: { params: CARD_PARAMS }, config: { operation: 'getCard' } }, async (request) => {
      const { cardId, currency, available } = store.card(request.params.cardId);
      return { cardId, currency, available };
    });
    api.put<IdRoute & { Body: { cardId: string; amount: number; currency: string } }>('/v1/reservations/:id', { schema: { params: ID_PARAMS, body: RESERVE_BODY }, config: { operation: 'reserve' } }, async (request) => store.reserve(request.params.id, request.body));
    api.post<IdRoute>('/v1/reservations/:id/commit', { schema: { params: ID_PARAMS }, config: { operation: 'commit' } }, async (request) => store.commit(request.params.id));
    api.delete<IdRoute>('/v1/reservations/:id', { schema: { params: ID_PARAMS }, config: { operation: 'release' } }, async (request) => store.release(request.params.id));
  });
  app.get<IdRoute>('/api/sandbox/reservations/:id', { schema: { params: ID_PARAMS } }, async (request) => store.reservation(request.params.id));

  return { app, state: { store, failures, clock } };
}
`,
    },
    sandboxManifestFile(names),
  ];
}
