import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as everyTable from './schema.js';

/**
 * Writes only by the owner: a table is declared in the schema file of the module that owns it
 * (db/schema/<owner>.ts; the owner `system` is src/lib), and only code of that owner inserts
 * into, updates or deletes from it, with drizzle's `.insert(t)`, `.update(t)`, `.delete(t)`
 * or in raw SQL. Other modules ask the owner (a function of its repository or service, or
 * one passed in). Reads across owners stay allowed.
 */

const srcDir = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(srcDir, 'db', 'schema');

interface Table {
  /** The exported name (`scheduledInstances`). */
  name: string;
  /** The name in SQL (`scheduled_instances`). */
  sqlName: string;
  owner: string;
}

interface SourceFile {
  /** Relative to src/, with forward slashes (`modules/posts/posts.repository.ts`). */
  path: string;
  text: string;
}

/** The folder under src/ whose code may write an owner's tables. */
const ownerDir = (owner: string) => (owner === 'system' ? 'lib' : `modules/${owner}`);

/** Whose code a file is: the module folder it is in, or `system` for src/lib. */
function ownerOfFile(file: string): string | undefined {
  const [top, module] = file.split('/');
  if (top === 'lib') return 'system';
  return top === 'modules' ? module : undefined;
}

/** Every table the schema files declare, by exported name. */
function tablesOf(schemaFiles: Array<{ owner: string; text: string }>) {
  const tables = new Map<string, Table>();
  for (const { owner, text } of schemaFiles) {
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      const [, name, sqlName] = match as unknown as [string, string, string];
      if (tables.has(name)) throw new Error(`${name} is declared twice`);
      tables.set(name, { name, sqlName, owner });
    }
  }
  return tables;
}

function readSchemaFiles() {
  return readdirSync(schemaDir)
    .filter((file) => file.endsWith('.ts') && file !== 'columns.ts')
    .map((file) => ({
      owner: file.slice(0, -'.ts'.length),
      text: readFileSync(path.join(schemaDir, file), 'utf8'),
    }));
}

const isSchemaPath = (specifier: string) => /(^|\/)db\/schema(\/\w+)?\.js$/.test(specifier);

/** Raw SQL that writes a table: `insert into t`, `update t [as a] set`, `delete from t`. */
const SQL_WRITES = [
  /\binsert\s+into\s+"?(\w+)"?/gi,
  /\bupdate\s+"?(\w+)"?(?:\s+(?:as\s+)?\w+)?\s+set\b/gi,
  /\bdelete\s+from\s+"?(\w+)"?/gi,
];
const SQL_WRITE_BEFORE_VALUE = /\b(insert\s+into|update|delete\s+from)\s+$/i;

/** The writes a file makes: drizzle calls and raw SQL, with the table and line of each. */
function writesIn(file: SourceFile, tables: Map<string, Table>) {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const bySqlName = new Map([...tables.values()].map((table) => [table.sqlName, table]));
  // Local name -> table, from the imports of the schema files; namespaces (import * as s).
  const locals = new Map<string, Table>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) {
      continue;
    }
    if (!isSchemaPath(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const table = tables.get((element.propertyName ?? element.name).text);
        if (table) locals.set(element.name.text, table);
      }
    }
  }
  const tableOf = (node: ts.Node): Table | undefined => {
    if (ts.isIdentifier(node)) return locals.get(node.text);
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    ) {
      return tables.get(node.name.text);
    }
    return undefined;
  };

  const writes: Array<{ table: Table; line: number }> = [];
  const found = (table: Table | undefined, node: ts.Node) => {
    if (!table) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    writes.push({ table, line: line + 1 });
  };
  const sqlText = (text: string, node: ts.Node) => {
    for (const pattern of SQL_WRITES) {
      for (const match of text.matchAll(pattern))
        found(bySqlName.get(match[1]!.toLowerCase()), node);
    }
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      found(tableOf(node.arguments[0]!), node);
    }
    if (ts.isNoSubstitutionTemplateLiteral(node)) sqlText(node.text, node);
    if (ts.isTemplateExpression(node)) {
      // Each literal part, and a table interpolated right after a write keyword.
      let before = node.head.text;
      sqlText(before, node);
      for (const span of node.templateSpans) {
        if (SQL_WRITE_BEFORE_VALUE.test(before)) found(tableOf(span.expression), span);
        before = span.literal.text;
        sqlText(before, span);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** One line per write to a table of another owner than the file's. */
function crossOwnerWrites(files: SourceFile[], tables: Map<string, Table>) {
  const problems: string[] = [];
  for (const file of files) {
    const writer = ownerOfFile(file.path);
    if (!writer) continue;
    for (const { table, line } of writesIn(file, tables)) {
      if (table.owner === writer) continue;
      problems.push(
        `${file.path}:${line}: ${writer} writes ${table.name}, owned by ${ownerDir(table.owner)}`,
      );
    }
  }
  return problems;
}

function readSources(): SourceFile[] {
  return ['modules', 'lib'].flatMap((top) =>
    (readdirSync(path.join(srcDir, top), { recursive: true }) as string[])
      .map((file) => `${top}/${file.split(path.sep).join('/')}`)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ path: file, text: readFileSync(path.join(srcDir, file), 'utf8') })),
  );
}

describe('table owners', () => {
  const schemaFiles = readSchemaFiles();
  const tables = tablesOf(schemaFiles);

  it('gives every table exactly one owner, a module or src/lib, named in its file', () => {
    const declared = [...tables.values()].map((table) => table.sqlName).sort();
    const exported = Object.values(everyTable)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    expect(declared).toEqual(exported);
    for (const { owner, text } of schemaFiles) {
      expect(readdirSync(path.join(srcDir, path.dirname(ownerDir(owner))))).toContain(
        path.basename(ownerDir(owner)),
      );
      expect(text.split('\n')[0]).toMatch(/^\/\/ Tables owned by /);
    }
  });

  it('lets only the owner insert into, update or delete from a table', () => {
    const sources = readSources();
    expect(sources.length).toBeGreaterThan(50);
    expect(crossOwnerWrites(sources, tables)).toEqual([]);
  });

  it('reports a write to another owner’s table, in drizzle or in SQL', () => {
    const repository = `
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { users as accounts } from '../../db/schema/auth.js';
import { posts, postUsage } from '../../db/schema/posts.js';
import { systemLogs } from '../../db/schema.js';

export async function example(db, url) {
  await db.update(accounts).set({ name: 'x' });
  await db.insert(posts).values({});
  await db.delete(postUsage);
  await db.select().from(accounts).for('update');
  // db.delete(accounts) in a comment is no write
  createHash('sha256').update(url);
  await db.execute(sql\`insert into system_logs (message) values ('x')\`);
  await db.execute(sql\`update scheduled_instances si set status = 'missed'\`);
  await db.execute(sql\`select 1 from users for update\`);
  await db.execute(sql\`delete from \${systemLogs} where true\`);
  await db.execute(sql\`update post_usage set created = 0\`);
}`;
    const lib = `
import * as schema from '../db/schema.js';
export const drop = (db) => db.delete(schema.users);
export const own = (db) => db.delete(schema.attemptCounters);`;
    expect(
      crossOwnerWrites(
        [
          { path: 'modules/posts/example.repository.ts', text: repository },
          { path: 'lib/example.ts', text: lib },
          // Outside src/modules and src/lib: not a module's code.
          { path: 'db/example.ts', text: repository },
        ],
        tables,
      ),
    ).toEqual([
      'modules/posts/example.repository.ts:9: posts writes users, owned by modules/auth',
      'modules/posts/example.repository.ts:15: posts writes systemLogs, owned by modules/logs',
      'modules/posts/example.repository.ts:16: posts writes scheduledInstances, owned by modules/schedules',
      'modules/posts/example.repository.ts:18: posts writes systemLogs, owned by modules/logs',
      'lib/example.ts:3: system writes users, owned by modules/auth',
    ]);
  });
});
