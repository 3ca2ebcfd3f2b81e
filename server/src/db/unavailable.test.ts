import { describe, expect, test } from 'vitest';
import { isDatabaseDown } from './unavailable';

const withCode = (code: string) => Object.assign(new Error('from PostgreSQL'), { code });
/** drizzle wraps a failed query's error as its cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('a database outage, told from other errors', () => {
  test('connection loss that node-postgres reports without a code', () => {
    expect(isDatabaseDown(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseDown(wrapped(new Error('Client has encountered a connection error and is not queryable')))).toBe(
      true,
    );
  });

  test('network errors and the SQLSTATEs of a shutdown, restart or lost connection, also wrapped', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'])
      expect(isDatabaseDown(wrapped(withCode(code))), code).toBe(true);
  });

  test('everything else is not an outage', () => {
    for (const code of ['23505', '22P02', '40001', '42P01'])
      expect(isDatabaseDown(wrapped(withCode(code))), code).toBe(false);
    expect(isDatabaseDown(new Error('Connection terminated unexpectedly, said nobody'))).toBe(false);
    expect(isDatabaseDown(null)).toBe(false);
    expect(isDatabaseDown('Connection terminated')).toBe(false);
  });
});
