/**
 * Tables, their columns and their keys as the Prisma schema declares them and as the migrations
 * leave them (both are read: the schema is what the code believes, the migrations what the
 * database has; test/db-drift.test.ts keeps their columns in step, not their keys).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TableKey {
  kind: 'primary key' | 'unique' | 'index';
  columns: string[];
  /** Where it is declared: `schema.prisma` or the migration's folder, with the index's name. */
  source: string;
}

export interface TableShape {
  table: string;
  columns: string[];
  keys: TableKey[];
}

const unquote = (name: string) => name.trim().replace(/^"|"$/g, '');
const columnList = (text: string) => text.split(',').map((column) => unquote(column.trim().split(/\s+/)[0]!));

/** The models of schema.prisma: table name (@@map), column names (@map), @id / @@id, @unique / @@unique, @@index. */
export function prismaTables(schemaText: string): TableShape[] {
  const tables: TableShape[] = [];
  for (const [, name, body] of schemaText.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const lines = body!.split('\n').map((line) => line.replace(/\/\/.*$/, '').trim()).filter(Boolean);
    const fieldToColumn = new Map<string, string>();
    const keys: TableKey[] = [];
    let table = name!;
    for (const line of lines) {
      if (line.startsWith('@@')) {
        const block = /^@@(\w+)\(\s*\[([^\]]*)\]/.exec(line);
        const map = /^@@map\(\s*"([^"]+)"/.exec(line);
        if (map) table = map[1]!;
        else if (block) {
          const kind = block[1] === 'id' ? 'primary key' : block[1] === 'unique' ? 'unique' : block[1] === 'index' ? 'index' : undefined;
          if (kind) keys.push({ kind, columns: block[2]!.split(',').map((field) => field.trim().replace(/\(.*$/, '')), source: 'schema.prisma' });
        }
        continue;
      }
      const field = /^(\w+)\s+(\w+)/.exec(line);
      if (!field) continue;
      const column = /@map\(\s*"([^"]+)"/.exec(line)?.[1] ?? field[1]!;
      fieldToColumn.set(field[1]!, column);
      if (/@id\b/.test(line)) keys.push({ kind: 'primary key', columns: [field[1]!], source: 'schema.prisma' });
      if (/@unique\b/.test(line)) keys.push({ kind: 'unique', columns: [field[1]!], source: 'schema.prisma' });
    }
    tables.push({
      table,
      columns: [...fieldToColumn.values()],
      keys: keys.map((key) => ({ ...key, columns: key.columns.map((field) => fieldToColumn.get(field) ?? field) })),
    });
  }
  return tables;
}

/** The tables the migrations leave, in order: CREATE TABLE (columns, PRIMARY KEY / UNIQUE constraints), ADD COLUMN, CREATE [UNIQUE] INDEX, DROP INDEX, DROP TABLE. */
export function migratedTables(migrationsDir: string): TableShape[] {
  const tables = new Map<string, TableShape>();
  const indexes = new Map<string, { table: string; key: TableKey }>();
  for (const folder of readdirSync(migrationsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    const sql = readFileSync(join(migrationsDir, folder, 'migration.sql'), 'utf8').replace(/--[^\n]*/g, '');
    for (const raw of sql.split(/;\s*(?:\n|$)/)) {
      const statement = raw.trim();
      const create = /^create table\s+("?\w+"?)\s*\(([\s\S]*)\)\s*$/i.exec(statement);
      if (create) {
        const table = unquote(create[1]!);
        const shape: TableShape = { table, columns: [], keys: [] };
        for (const part of create[2]!.split(/,\s*\n/)) {
          const constraint = /constraint\s+"?(\w+)"?\s+(primary key|unique)\s*\(([^)]*)\)/i.exec(part);
          if (constraint) shape.keys.push({ kind: constraint[2]!.toLowerCase() === 'unique' ? 'unique' : 'primary key', columns: columnList(constraint[3]!), source: `${folder} ${constraint[1]}` });
          else if (part.trim()) shape.columns.push(unquote(part.trim().split(/\s+/)[0]!));
        }
        tables.set(table, shape);
        continue;
      }
      const addColumn = /^alter table\s+("?\w+"?)\s+add column\s+("?\w+"?)/i.exec(statement);
      if (addColumn) tables.get(unquote(addColumn[1]!))?.columns.push(unquote(addColumn[2]!));
      const index = /^create\s+(unique\s+)?index\s+("?\w+"?)\s+on\s+("?\w+"?)\s*(?:using\s+\w+\s*)?\(([^)]*)\)/i.exec(statement);
      // A GIN or GiST index (trigram search, JSON containment) is no key: it serves a condition
      // inside the rows the statement's merchant already routes to one shard, where it lives.
      if (index && /\busing\s+(gin|gist)\b/i.test(statement)) continue;
      if (index) {
        const key: TableKey = { kind: index[1] ? 'unique' : 'index', columns: columnList(index[4]!), source: `${folder} ${unquote(index[2]!)}` };
        indexes.set(unquote(index[2]!), { table: unquote(index[3]!), key });
      }
      const dropIndex = /^drop index\s+(?:if exists\s+)?("?\w+"?)/i.exec(statement);
      if (dropIndex) indexes.delete(unquote(dropIndex[1]!));
      const dropTable = /^drop table\s+(?:if exists\s+)?("?\w+"?)/i.exec(statement);
      if (dropTable) tables.delete(unquote(dropTable[1]!));
    }
  }
  for (const { table, key } of indexes.values()) tables.get(table)?.keys.push(key);
  return [...tables.values()];
}
