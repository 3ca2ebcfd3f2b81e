import { protocol, type Results } from '@electric-sql/pglite';

/**
 * The two messages of a kept statement's run on PGlite, written and read here rather than
 * through PGlite's protocol library: Bind, Execute and Sync out, BindComplete, rows,
 * CommandComplete and ReadyForQuery back. That library reads each field through several private
 * fields and copies every field's bytes before decoding them; on the login and token paths it
 * was about a third of each query's time. The messages are the library's, byte for byte, and the
 * answer is built as PGlite's own `parseResults` builds it (pglite-wire.test.ts, and against
 * PGlite's query in test/embedded-statements.test.ts); any answer with an error goes through
 * PGlite's parser, so an error reads exactly as before.
 */

/** A column of a statement's rows, as `Results.fields` lists it. */
export type Field = { name: string; dataTypeID: number };

/** Parsers by type id, as PGlite keeps them (`client.parsers`). */
export type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;

const BIND = 0x42;
const EXECUTE = 0x45;
const SYNC = 0x53;
const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;
const ERROR_RESPONSE = 0x45;
const TEXT_FORMAT = 0;
/** Commands whose count is of rows written, as PGlite reports `affectedRows`. */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** Bind (unnamed portal; every value and every column as text), Execute (all rows) and Sync for
 * the statement `name`, as one buffer, written as PGlite's protocol library writes them. */
export function runMessages(name: string, values: readonly (string | null)[]): Uint8Array {
  const nameBytes = Buffer.byteLength(name);
  const lengths = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)));
  // length, portal "", name, a format code per value, the values, no result format codes
  const bindLength =
    4 + 1 + nameBytes + 1 + 2 + 2 * values.length + 2 + lengths.reduce((sum, n) => sum + 4 + Math.max(n, 0), 0) + 2;
  const out = Buffer.allocUnsafe(1 + bindLength + 10 + 5);
  let at = out.writeUInt8(BIND, 0);
  at = out.writeInt32BE(bindLength, at);
  at = out.writeUInt8(0, at);
  at += out.write(name, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(values.length, at);
  for (let i = 0; i < values.length; i++) at = out.writeInt16BE(TEXT_FORMAT, at);
  at = out.writeInt16BE(values.length, at);
  for (let i = 0; i < values.length; i++) {
    const length = lengths[i] as number;
    at = out.writeInt32BE(length, at);
    if (length > 0) at += out.write(values[i] as string, at);
  }
  // No result format codes: every column as text.
  at = out.writeInt16BE(0, at);
  // Execute: unnamed portal, no row limit.
  at = out.writeUInt8(EXECUTE, at);
  at = out.writeInt32BE(9, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt32BE(0, at);
  at = out.writeUInt8(SYNC, at);
  out.writeInt32BE(4, at);
  return out;
}

/** The first error of an answer, as PGlite's parser reads it. */
function databaseError(answer: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(answer, (message) => {
    if (!error && message instanceof protocol.messages.DatabaseError) error = message;
  });
  return error ?? new Error('The embedded database answered an error that could not be read');
}

/**
 * The result of a run from the database's answer to `runMessages`: its rows (as objects, or as
 * arrays for `rowMode: 'array'`), each value through the parser of its column's type, and the
 * command's row count. Throws the database's error when the answer holds one.
 */
export function readRun(answer: Uint8Array, fields: readonly Field[], parsers: Parsers, asArrays: boolean): Results {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const rows: Results['rows'] = [];
  let command: string | undefined;
  let rowCount = Number.NaN;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at] as number;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (code === DATA_ROW) {
      const count = bytes.readInt16BE(at + 5);
      let field = at + 7;
      const values: unknown[] | null = asArrays ? new Array(count) : null;
      const row: Record<string, unknown> | null = asArrays ? null : {};
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(field);
        field += 4;
        let value: unknown = null;
        if (length >= 0) {
          const text = bytes.toString('utf8', field, field + length);
          field += length;
          const typeId = fields[i]?.dataTypeID as number;
          const parser = parsers[typeId];
          value = parser ? parser(text, typeId) : text;
        }
        if (values) values[i] = value;
        else (row as Record<string, unknown>)[fields[i]?.name as string] = value;
      }
      rows.push((values ?? row) as Results['rows'][number]);
    } else if (code === COMMAND_COMPLETE) {
      const parts = bytes.toString('utf8', at + 5, end - 1).split(' ');
      command = parts[0];
      rowCount = Number.parseInt(parts[parts.length - 1] as string, 10);
    } else if (code === ERROR_RESPONSE) {
      throw databaseError(answer);
    }
    at = end;
  }
  if (command === undefined) return { affectedRows: 0, rows: [], fields: [] };
  const result: Results = {
    rows,
    fields: fields as Field[],
    command,
    affectedRows: WRITES.has(command) ? rowCount : 0,
  };
  if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
  return result;
}
