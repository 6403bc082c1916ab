import type pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';

/** The part of Prisma's runtime data model this check reads. */
interface RuntimeDataModel {
  models: Record<string, { dbName: string | null; fields: Array<{ name: string; dbName?: string | null; kind: string; type: string }> }>;
}

export interface ModelShape {
  name: string;
  table: string;
  columns: Array<{ name: string; type: string }>;
}

/** Postgres type of each Prisma scalar as our migrations write it. */
const PG_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  DateTime: 'timestamp with time zone',
  Json: 'jsonb',
  Decimal: 'numeric',
  Float: 'double precision',
};
/** Native-type overrides (@db.Uuid) the runtime model does not carry; keyed table.column. */
const NATIVE_TYPES: Record<string, string> = {
  'order_events.id': 'uuid',
  'payment_transactions.id': 'uuid',
};

/** The models of the generated Prisma client (what the application code believes the database is). */
export function generatedModels(): ModelShape[] {
  // Building a client opens no connection; it only exposes the generated data model.
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: 'postgresql://unused/unused' }) });
  const dataModel = (client as unknown as { _runtimeDataModel: RuntimeDataModel })._runtimeDataModel;
  return Object.entries(dataModel.models).map(([name, model]) => ({
    name,
    table: model.dbName ?? name,
    columns: model.fields
      .filter((field) => field.kind === 'scalar' || field.kind === 'enum')
      .map((field) => ({ name: field.dbName ?? field.name, type: field.type })),
  }));
}

/** Differences between the models and the live database, as sentences; empty when they agree. */
export async function compareModelsWithDatabase(pool: pg.Pool, models: ModelShape[]): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name not like '\\_prisma%'`,
  );
  const database = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (!database.has(row.table_name)) database.set(row.table_name, new Map());
    database.get(row.table_name)!.set(row.column_name, row.data_type);
  }
  const drift: string[] = [];
  for (const model of models) {
    const columns = database.get(model.table);
    if (!columns) {
      drift.push(`table ${model.table} is in the Prisma schema but not in the database`);
      continue;
    }
    for (const column of model.columns) {
      const actual = columns.get(column.name);
      const expected = NATIVE_TYPES[`${model.table}.${column.name}`] ?? PG_TYPES[column.type] ?? column.type;
      if (actual === undefined) drift.push(`column ${model.table}.${column.name} is in the Prisma schema but not in the database`);
      else if (actual !== expected) drift.push(`column ${model.table}.${column.name} is ${expected} in the Prisma schema but ${actual} in the database`);
    }
    for (const name of columns.keys()) {
      if (!model.columns.some((column) => column.name === name)) drift.push(`column ${model.table}.${name} is in the database but not in the Prisma schema`);
    }
  }
  const known = new Set(models.map((model) => model.table));
  for (const table of database.keys()) {
    if (!known.has(table)) drift.push(`table ${table} is in the database but not in the Prisma schema`);
  }
  return drift;
}
