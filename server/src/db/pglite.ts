import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle } from './client';
import { migrationsFolder, preparedStatements } from './client';
import { type Field, readRun, runMessages } from './pglite-wire';
import * as schema from './schema';

/** PostgreSQL's buffer cache inside PGlite. Its default, 128 MB, is resident in the WASM memory
 * from the moment the database opens, even on an idle node; 32 MB takes an idle embedded node
 * from about 440 MB to about 330 MB, with admin search over 100,000 accounts still within its
 * budget (docs/performance-server.md). */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/** V8 compiles PostgreSQL's WASM module on as many background threads as it likes, and each
 * thread's allocator keeps what the compiling took after the node is up: an idle embedded node
 * held 244–253 MB, with one thread 235–239 MB, and restarts a tenth faster on two cores
 * (docs/performance-server.md). Set before the first module is compiled. */
export const WASM_COMPILATION_FLAG = '--wasm-num-compilation-tasks=1';

/** PGlite (PostgreSQL compiled to WASM) in `dataDir/pgdata`, or in memory when `dataDir` is null. */
export async function openPglite(dataDirOption: string | null): Promise<DatabaseHandle> {
  setFlagsFromString(WASM_COMPILATION_FLAG);
  let dataDir: string | undefined;
  if (dataDirOption) {
    dataDir = join(dataDirOption, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm backs the trigram indexes of admin search (migration 0001).
  const client = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const statements = namedStatements(client);
  const db = drizzle(statements.client, { schema });
  await migrate(db, { migrationsFolder });
  // Both drivers expose the same query builder; the node-postgres type is used throughout.
  const handle: DatabaseHandle = { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
  preparedStatements.set(handle.db, statements.keep);
  return handle;
}

/** A message from the database, as PGlite's protocol parser gives it. */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** The columns of a described statement's rows (none for one that answers no rows). */
function rowFields(described: BackendMessage[]): Field[] {
  const rows = described.find((message) => message.name === 'rowDescription') as
    | { fields: { name: string; dataTypeID: number }[] }
    | undefined;
  return rows?.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) ?? [];
}

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The PGlite client as drizzle sees it, made to run the statements prepared once per database
 * (`preparedPerDatabase`, the hot paths) as PostgreSQL runs them through node-postgres: parsed
 * once under a name, then only bound and executed, in one call into the database, and planned
 * generically once PostgreSQL finds that as good. PGlite's own `query` parses and plans every
 * query again, in six calls: a lookup by id took about three times as long. Every other query
 * (search, admin, migrations) takes PGlite's own path and is planned for its values each time,
 * as an unnamed statement is on PostgreSQL.
 *
 * drizzle's driver also passes its type parsers (dates, times and intervals kept as text, which
 * its columns then read) with each query, which PGlite merges into a copy of its whole parser
 * table for every result, about 150 µs a query; they are installed on the database once instead.
 */
export function namedStatements(client: PGlite) {
  const { serialize } = protocol;
  /** The parser tables already installed: drizzle passes the same one with every run of a
   * prepared query, so a run only looks it up. */
  const installed = new WeakSet<object>();
  /** Texts to run as named statements, and for each one parsed: its name, its parameter types
   * and the description of its rows (none for a statement that answers no rows). */
  const kept = new Set<string>();
  type Statement = { name: string; types: number[]; fields: Field[] };
  const parsed = new Map<string, Statement>();

  const send = (parts: Uint8Array[]) => client.execProtocolStream(concat(parts), { syncToFs: false });

  async function statementFor(text: string): Promise<Statement> {
    const known = parsed.get(text);
    if (known) return known;
    const name = `helios_${parsed.size + 1}`;
    // A statement that does not parse throws here, after the sync, and is not kept.
    const described = await send([
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = {
      name,
      types: parse.parseDescribeStatementResults(described),
      fields: rowFields(described),
    };
    parsed.set(text, statement);
    return statement;
  }

  function installParsers(options: QueryOptions | undefined): QueryOptions | undefined {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    if (!installed.has(parsers)) {
      Object.assign(client.parsers, parsers);
      installed.add(parsers);
    }
    return rest;
  }

  /** Binds and executes a kept statement; the caller holds PGlite's query lock. Its rows are
   * described once, when it is parsed (all columns as text, as a bind without formats asks): a
   * description with every run cost the database and the parser a few microseconds a column.
   * The run's messages are written and its answer read in `pglite-wire.ts`: through PGlite's
   * protocol library a lookup of an account took about 130 µs, directly about 95 µs. */
  async function execute(text: string, params: unknown[], options: QueryOptions | undefined) {
    const statement = await statementFor(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.types[index] as number];
      return serializer ? serializer(value) : String(value);
    });
    // The database hands its answer over in views of its memory, one or more; each is copied.
    // (PGlite's raw call would also parse the answer, and keep what it parsed until its next
    // parsed call.)
    const parts: Uint8Array[] = [];
    await client.execProtocolRawStream(runMessages(statement.name, values), {
      syncToFs: false,
      onRawData: (bytes) => parts.push(bytes.slice()),
    });
    const answer = parts.length === 1 ? (parts[0] as Uint8Array) : concat(parts);
    return readRun(answer, statement.fields, client.parsers, options?.rowMode === 'array');
  }

  /** `fallback` is PGlite's own query; `locked` runs a kept statement under the locks it needs. */
  const runner =
    (fallback: Query, locked: <T>(work: () => Promise<T>) => Promise<T>): Query =>
    (text, params = [], options) => {
      const lean = installParsers(options);
      if (!kept.has(text)) return fallback(text, params, lean);
      return locked(() => execute(text, params, lean));
    };

  // Outside a transaction: PGlite's transaction and query locks, and its file sync afterwards.
  const query = runner(client.query.bind(client) as Query, async (work) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await work();
        await client.syncToFs();
        return result;
      }),
    );
  });

  // Inside one: the transaction holds its lock already; its end syncs.
  const inTransaction = (tx: Transaction) =>
    runner(tx.query as Query, (work) => {
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(work);
    });

  const transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => work(Object.assign(Object.create(tx), { query: inTransaction(tx) })));

  return {
    client: new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'query') return query;
        if (property === 'transaction') return transaction;
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
    /** Runs `text` as a named statement from now on. */
    keep: (text: string) => {
      kept.add(text);
    },
  };
}
