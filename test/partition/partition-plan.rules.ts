/**
 * The partition plan's rules (docs/scaling.md, "Past one database"), as checks on tables and SQL
 * statements: each answers the breaches it finds, as sentences.
 */
import { OPAQUE } from './sql-statements.js';
import type { TableShape } from './table-keys.js';

export const DISTRIBUTION_COLUMN = 'merchant';

/** A tenant table leads its primary key, its unique keys and its indexes with the merchant column. */
export function keyBreaches(table: TableShape): string[] {
  return table.keys
    .filter((key) => key.columns[0] !== DISTRIBUTION_COLUMN)
    .map((key) => `${table.table}: ${key.kind} (${key.columns.join(', ')}) does not lead with ${DISTRIBUTION_COLUMN} [${key.source}]`);
}

/** A tenant table named in a statement, with the alias it goes by there (its own name without one). */
export interface Occurrence {
  table: string;
  alias: string;
  /** Where it is named in the statement's text. */
  at: number;
  /** insert into … select with the merchant among the columns: the rows take their merchant from the rows selected. */
  insertSelect: boolean;
  /** insert into … (…, merchant, …) values (…): the value given for the merchant. */
  insertedMerchant?: string;
}

const NOT_ALIAS = new Set(
  'where set on left right inner outer full cross join natural using order group limit offset values select returning for union except intersect as with from lateral having window and or not default'.split(' '),
);
const IDENTIFIER = '[a-z_][a-z0-9_]*';

/** Split a values list or column list at its top-level commas. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  return [...items, current.trim()];
}

export function occurrences(text: string, tenantTables: Set<string>): Occurrence[] {
  const found: Occurrence[] = [];
  for (const match of text.matchAll(new RegExp(String.raw`\b(from|join|update|into)\s+(?:only\s+)?"?(${IDENTIFIER})"?(?:\s+(?:as\s+)?(${IDENTIFIER}))?`, 'g'))) {
    const table = match[2]!;
    if (!tenantTables.has(table)) continue;
    const alias = match[3] && !NOT_ALIAS.has(match[3]) ? match[3] : table;
    const after = text.slice(match.index! + match[0].length);
    const occurrence: Occurrence = { table, alias, at: match.index!, insertSelect: false };
    const insert = match[1] === 'into' ? /^\s*\(([^)]*)\)\s*(select|values)\b\s*(\(([^]*))?/.exec(after) : null;
    const columns = insert ? topLevelItems(insert[1]!) : [];
    if (insert && columns.includes(DISTRIBUTION_COLUMN)) {
      if (insert[2] === 'select') occurrence.insertSelect = true;
      else occurrence.insertedMerchant = topLevelItems(insert[4] ?? '')[columns.indexOf(DISTRIBUTION_COLUMN)]?.replace(/\).*$/, '').trim();
    }
    found.push(occurrence);
  }
  return found;
}

export interface StatementFinding {
  tables: string[];
  /** Tenant tables of the statement not tied by merchant to the first one met. */
  untied: Occurrence[];
  /** Every tenant table of the statement is tied to a merchant value the statement is given. */
  namesMerchant: boolean;
}

/**
 * Tenant tables met in one statement must be tied together by merchant: `a.merchant = b.merchant`,
 * the same merchant value for both (`merchant = $2` on each), or rows inserted from a select that
 * carries the merchant over. An unqualified `merchant` belongs to the table named last before it
 * (the `from` or `update` of its own query). A statement names its merchant when its tables are
 * tied to one merchant value it is given (a parameter, a literal, a value worked out by the
 * caller); one that does not may touch the rows of several merchants at once (a column of rows it
 * was handed, such as `m.merchant` of a batch, is one merchant per row), or finds its rows by a
 * key alone: in the plan it is not routed to one shard.
 */
export function judge(text: string, tenantTables: Set<string>): StatementFinding | undefined {
  const found = occurrences(text, tenantTables);
  if (found.length === 0) return undefined;
  const parent = new Map<string, string>();
  const node = (key: string) => {
    if (!parent.has(key)) parent.set(key, key);
    return key;
  };
  const root = (key: string): string => (parent.get(key) === key ? key : root(parent.get(key)!));
  const tie = (a: string, b: string) => parent.set(root(node(a)), root(node(b)));
  found.forEach((_, i) => node(`#${i}`));
  let opaque = 0;
  // Two parts the source could not tell are not known to be one value: each stands apart.
  const value = (token: string) => (token === OPAQUE ? `=${token}${opaque++}` : `=${token}`);
  const isValue = (key: string) => key.startsWith('=');
  /** The occurrence a column reference at `at` belongs to: its alias's last occurrence before it, or the table named last before it. */
  const owner = (qualifier: string | undefined, at: number): string | undefined => {
    const before = found.map((occurrence, i) => ({ occurrence, i })).filter(({ occurrence }) => occurrence.at < at && (!qualifier || occurrence.alias === qualifier));
    const last = before.at(-1) ?? (qualifier ? found.map((occurrence, i) => ({ occurrence, i })).find(({ occurrence }) => occurrence.alias === qualifier) : undefined);
    return last ? `#${last.i}` : undefined;
  };
  const tenantAliases = new Set(found.map((occurrence) => occurrence.alias));
  const operand = String.raw`(?:(${IDENTIFIER})\.)?merchant\b|\$\d+|'[^']*'|⟨[^⟩]*⟩|any\s*\(\s*\$\d+`;
  const side = (qualifier: string | undefined, literal: string, at: number): string | undefined => {
    if (!/merchant$/.test(literal)) return value(literal.replace(/\s+/g, ''));
    // A column of rows the statement was handed (`m.merchant` of a JSON record set) holds one merchant per row, not one for the statement.
    if (qualifier && !tenantAliases.has(qualifier)) return node(`rows:${qualifier}`);
    return owner(qualifier, at);
  };
  for (const match of text.matchAll(new RegExp(String.raw`(${operand})\s*(?:=|\bin\b)\s*(${operand})`, 'g'))) {
    const [, left, leftQualifier, right, rightQualifier] = match;
    if (!/merchant$/.test(left!) && !/merchant$/.test(right!)) continue;
    const a = side(leftQualifier, left!, match.index!);
    const b = side(rightQualifier, right!, match.index!);
    if (a && b) tie(a, b);
  }
  found.forEach((occurrence, i) => {
    if (occurrence.insertedMerchant) tie(`#${i}`, value(occurrence.insertedMerchant));
    // The rows an insert … select takes its merchant from are the tables its select names, after it.
    if (occurrence.insertSelect) found.forEach((source, j) => source.at > occurrence.at && tie(`#${i}`, `#${j}`));
  });
  const main = root(`#0`);
  const untied = found.filter((_, i) => root(`#${i}`) !== main);
  const named = (i: number) => [...parent.keys()].some((key) => isValue(key) && root(key) === root(`#${i}`));
  return { tables: [...new Set(found.map((occurrence) => occurrence.table))], untied, namesMerchant: found.every((_, i) => named(i)) };
}
