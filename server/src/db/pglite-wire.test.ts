import { protocol } from '@electric-sql/pglite';
import { describe, expect, test } from 'vitest';
import { readRun, runMessages } from './pglite-wire';

/** One backend message: its code, then its length (itself included) and its body. */
function message(code: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstring = (text: string) => Buffer.concat([Buffer.from(text), Buffer.from([0])]);

function dataRow(values: (string | null)[]): Buffer {
  const count = Buffer.alloc(2);
  count.writeInt16BE(values.length);
  const fields = values.map((value) => {
    const length = Buffer.alloc(4);
    if (value === null) {
      length.writeInt32BE(-1);
      return length;
    }
    const bytes = Buffer.from(value);
    length.writeInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  });
  return message('D', Buffer.concat([count, ...fields]));
}

const bindComplete = message('2', Buffer.alloc(0));
const commandComplete = (tag: string) => message('C', cstring(tag));
const readyForQuery = message('Z', Buffer.from('I'));
const notice = message('N', Buffer.concat([cstring('SNOTICE'), cstring('Mjust so you know'), Buffer.from([0])]));

const INT4 = 23;
const TEXT = 25;
const fields = [
  { name: 'n', dataTypeID: INT4 },
  { name: 'label', dataTypeID: TEXT },
];
const parsers = { [INT4]: (value: string) => Number(value) };

describe('the messages of a kept statement’s run', () => {
  test('are byte for byte what PGlite’s protocol library writes for Bind, Execute and Sync', () => {
    const { serialize } = protocol;
    for (const values of [[], ['1'], [null, '', 'Åsa’s nyckel 🔑', 'x'.repeat(10_000), '42']]) {
      const expected = Buffer.concat([
        serialize.bind({ statement: 'helios_7', values: values as string[] }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      expect(Buffer.from(runMessages('helios_7', values))).toEqual(expected);
    }
  });
});

describe('reading a run’s answer', () => {
  const answer = Buffer.concat([
    bindComplete,
    dataRow(['1', 'Åsa ✓']),
    notice,
    dataRow(['2', null]),
    commandComplete('SELECT 2'),
    readyForQuery,
  ]);

  test('rows as objects or arrays, each value through its type’s parser, nulls kept, notices skipped', () => {
    expect(readRun(answer, fields, parsers, false)).toEqual({
      rows: [
        { n: 1, label: 'Åsa ✓' },
        { n: 2, label: null },
      ],
      fields,
      command: 'SELECT',
      affectedRows: 0,
      rowCount: 2,
    });
    expect(readRun(answer, fields, parsers, true).rows).toEqual([
      [1, 'Åsa ✓'],
      [2, null],
    ]);
  });

  test('a write answers its count as affected rows', () => {
    const written = Buffer.concat([bindComplete, commandComplete('INSERT 0 3'), readyForQuery]);
    expect(readRun(written, [], parsers, false)).toMatchObject({ rows: [], command: 'INSERT', affectedRows: 3 });
    const updated = Buffer.concat([bindComplete, commandComplete('UPDATE 1'), readyForQuery]);
    expect(readRun(updated, [], parsers, false)).toMatchObject({ command: 'UPDATE', affectedRows: 1, rowCount: 1 });
  });

  test('an answer holding an error throws the database’s error, as PGlite’s parser reads it', () => {
    const error = message(
      'E',
      Buffer.concat([
        cstring('SERROR'),
        cstring('C23505'),
        cstring('Mduplicate key value violates unique constraint "accounts_email_key"'),
        Buffer.from([0]),
      ]),
    );
    const failed = Buffer.concat([bindComplete, error, readyForQuery]);
    let thrown: unknown;
    try {
      readRun(failed, fields, parsers, false);
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(protocol.messages.DatabaseError);
    expect(thrown).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      message: 'duplicate key value violates unique constraint "accounts_email_key"',
    });
  });
});
