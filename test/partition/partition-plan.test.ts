/**
 * The partition plan, checked on the source (docs/scaling.md, "Past one database"): merchant is
 * the distribution key, so every tenant table leads its keys with it, every statement's tenant
 * tables are tied by it, and every statement names one merchant. Reads prisma/schema.prisma, the
 * migrations and the SQL written in the application's code; no database. What today's code still
 * owes the plan is listed, step by step, in partition-plan.manifest.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DISTRIBUTION_COLUMN, judge, keyBreaches } from './partition-plan.rules.js';
import { GLOBAL_TABLES, PENDING_KEYS, PENDING_STATEMENTS, STEPS, type Breach } from './partition-plan.manifest.js';
import { sqlStatements } from './sql-statements.js';
import { migratedTables, prismaTables, type TableShape } from './table-keys.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The application's source: what runs against the database in production (tests, benchmarks, scripts and browser apps aside). */
const SOURCE_DIRS = ['app', 'platform', 'gateway', 'subgraphs', 'notifications', 'adapters', 'sandboxes', 'contracts'];

const schema = prismaTables(readFileSync(join(ROOT, 'prisma/schema.prisma'), 'utf8'));
const migrated = migratedTables(join(ROOT, 'prisma/migrations'));
const tables = [...schema, ...migrated];
const tenantTables = new Set(tables.filter((table) => table.columns.includes(DISTRIBUTION_COLUMN)).map((table) => table.table));
const sourceFiles = SOURCE_DIRS.flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts') && !file.includes('/generated/') && !file.includes('node_modules'));

/** Key breaches not listed as a step of the plan, and listed steps nothing breaches any more. */
function unlistedKeys(shapes: TableShape[]): { unlisted: string[]; stale: string[] } {
  const listed = (table: string, kind: string, columns: string[]) => PENDING_KEYS.find((key) => key.table === table && key.kind === kind && key.columns.join() === columns.join());
  const breaches = shapes.filter((shape) => tenantTables.has(shape.table)).flatMap((shape) => shape.keys.filter((key) => key.columns[0] !== DISTRIBUTION_COLUMN).map((key) => ({ shape, key })));
  return {
    unlisted: breaches.filter(({ shape, key }) => !listed(shape.table, key.kind, key.columns)).flatMap(({ shape }) => keyBreaches({ ...shape, keys: shape.keys.filter((key) => !listed(shape.table, key.kind, key.columns)) })),
    stale: PENDING_KEYS.filter((pending) => !breaches.some(({ shape, key }) => shape.table === pending.table && key.kind === pending.kind && key.columns.join() === pending.columns.join())).map(
      (pending) => `${pending.table}: ${pending.kind} (${pending.columns.join(', ')}) is listed (step ${pending.step}) but leads with ${DISTRIBUTION_COLUMN} or is gone`,
    ),
  };
}

/** Statement breaches not listed, and listed statements that no longer breach (or no longer exist). */
function unlistedStatements(): { unlisted: string[]; stale: string[] } {
  const findings = sqlStatements(ROOT, sourceFiles).flatMap((statement) => {
    const finding = judge(statement.text, tenantTables);
    const breaches: Breach[] = finding ? [...(finding.untied.length ? (['join'] as const) : []), ...(finding.namesMerchant ? [] : (['merchant'] as const))] : [];
    return breaches.length ? [{ statement, finding: finding!, breaches }] : [];
  });
  const matches = (pending: (typeof PENDING_STATEMENTS)[number], found: (typeof findings)[number]) =>
    pending.file === found.statement.file && found.statement.text.includes(pending.statement.toLowerCase()) && pending.breaches.join() === found.breaches.join();
  return {
    unlisted: findings
      .filter((found) => !PENDING_STATEMENTS.some((pending) => matches(pending, found)))
      .map(({ statement, finding, breaches }) =>
        [
          `${statement.file}:${statement.line}`,
          breaches.includes('join') ? `joins ${finding.untied.map((occurrence) => `${occurrence.table} ${occurrence.alias}`).join(', ')} without equating ${DISTRIBUTION_COLUMN}` : '',
          breaches.includes('merchant') ? `names no one ${DISTRIBUTION_COLUMN} (may touch several)` : '',
          `[${breaches.join(', ')}]: ${statement.text.slice(0, 200)}`,
        ]
          .filter(Boolean)
          .join(' — '),
      ),
    stale: PENDING_STATEMENTS.filter((pending) => !findings.some((found) => matches(pending, found))).map(
      (pending) => `${pending.file}: "${pending.statement}" is listed as breaking [${pending.breaches.join(', ')}] (step ${pending.step}) but no statement there does`,
    ),
  };
}

describe('the partition plan: merchant is the distribution key', () => {
  it('reads the schema, the migrations and the SQL it judges', () => {
    // A reader that silently found nothing would pass every check below.
    expect(schema.map((table) => table.table).sort()).toEqual([...new Set(migrated.map((table) => table.table))].sort());
    expect([...tenantTables].sort()).toEqual(['configurations', 'notification_jobs', 'notification_leases', 'notification_receivers', 'order_events', 'order_search', 'orders', 'payment_transactions']);
    expect(schema.find((table) => table.table === 'configurations')?.keys).toEqual([{ kind: 'primary key', columns: ['merchant', 'channel', 'configuration_id'], source: 'schema.prisma' }]);
    const statements = sqlStatements(ROOT, sourceFiles);
    expect(statements.length).toBeGreaterThan(40);
    // Fragments are filled in: the order store's load reads `(merchant = $2 and channel = $3) is true` from tenantCondition.
    expect(statements.find((statement) => statement.file === 'subgraphs/order/engine/order-store.repository.ts' && statement.text.startsWith('select id, merchant'))?.text).toContain('(merchant = $2 and channel = $3) is true');
  });

  it('every table is a tenant table (with a merchant column) or a global one declared with its reason', () => {
    const undeclared = tables.filter((table) => !tenantTables.has(table.table) && !GLOBAL_TABLES[table.table]).map((table) => table.table);
    expect(undeclared).toEqual([]);
    expect(Object.keys(GLOBAL_TABLES).filter((table) => tenantTables.has(table) || !tables.some((shape) => shape.table === table))).toEqual([]);
  });

  it('every tenant table leads its primary key, unique keys and indexes with merchant, in the schema and the migrations (but for the listed steps)', () => {
    expect(unlistedKeys(tables)).toEqual({ unlisted: [], stale: [] });
  });

  it('every statement ties its tenant tables by merchant and names one merchant (but for the listed steps)', () => {
    expect(unlistedStatements()).toEqual({ unlisted: [], stale: [] });
  });

  it('every listed breach names a step of the plan', () => {
    for (const pending of [...PENDING_KEYS, ...PENDING_STATEMENTS]) expect(Object.keys(STEPS)).toContain(String(pending.step));
  });
});

describe('the checks catch what breaks the plan', () => {
  const judged = (text: string) => judge(text.toLowerCase(), tenantTables)!;
  it('a join of tenant tables without merchant, and with it', () => {
    expect(judged('select * from orders o join order_events e on e.order_id = o.id where o.merchant = $1').untied.map((o) => o.alias)).toEqual(['e']);
    expect(judged('select * from orders o join order_events e on e.order_id = o.id and e.merchant = o.merchant where o.merchant = $1')).toMatchObject({ untied: [], namesMerchant: true });
    // A correlated subquery is a join too.
    expect(judged('select 1 from notification_jobs j where j.merchant = $1 and not exists (select 1 from notification_jobs e where e.order_id = j.order_id)').untied).toHaveLength(1);
  });
  it('a statement that names no merchant, or a batch of rows of any merchants', () => {
    expect(judged('update orders set status = $2 where id = $1').namesMerchant).toBe(false);
    expect(judged("update orders set status = 'x' where merchant = $1 and id = $2").namesMerchant).toBe(true);
    expect(judged('update orders o set status = m.status from jsonb_to_recordset($1) as m(id text, merchant text, status text) where o.id = m.id and o.merchant = m.merchant').namesMerchant).toBe(false);
    expect(judged('insert into orders (id, merchant, channel) values ($1, $2, $3)').namesMerchant).toBe(true);
  });
  it('a key that does not lead with merchant', () => {
    const planted: TableShape = { table: 'orders', columns: ['id', 'merchant'], keys: [{ kind: 'index', columns: ['reference', 'merchant'], source: 'planted' }] };
    expect(unlistedKeys([planted]).unlisted).toEqual(['orders: index (reference, merchant) does not lead with merchant [planted]']);
  });
});
