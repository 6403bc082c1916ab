import { randomFillSync } from 'node:crypto';

/**
 * A UUID whose leading bits are the time it was made (version 7, RFC 9562), for primary keys of
 * rows that are only ever appended (order events): each insert lands at the right edge of the key's
 * btree instead of on a random leaf, so a busy table keeps touching a few pages — after each
 * checkpoint the database logs a full image of every page it touches first, and random keys touch
 * a new one with almost every insert. Still a `uuid`, still unguessable in its 62 random bits.
 *
 * Ids made by this process sort in the order they were made: within one millisecond a 12-bit
 * counter follows the time (method 1 of the RFC), and should the clock step back the last time
 * is kept and counted on.
 */
let lastMs = 0;
let counter = 0;
const random = Buffer.alloc(8 * 512);
let randomAt = random.length;

export function timeOrderedUuid(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    // 4,096 ids in one millisecond: go on in the next one.
    lastMs++;
    counter = 0;
  }
  if (randomAt + 8 > random.length) {
    randomFillSync(random);
    randomAt = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  random.copy(bytes, 8, randomAt, randomAt + 8);
  randomAt += 8;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
