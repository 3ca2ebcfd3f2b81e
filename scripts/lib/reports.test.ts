import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { countTests, failedTests } from './reports.mjs';

const root = '/repo';
const folder = mkdtempSync(join(tmpdir(), 'helios-reports-'));

function report(name: string, content: unknown): string {
  const file = join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('Vitest reports', () => {
  const file = report('vitest.json', {
    numPassedTests: 3,
    numFailedTests: 1,
    numPendingTests: 1,
    numTodoTests: 0,
    testResults: [
      {
        name: '/repo/server/test/a.test.ts',
        status: 'failed',
        assertionResults: [
          { fullName: 'accounts › keeps its name', status: 'passed', failureMessages: [] },
          {
            fullName: 'accounts › answers 503 when the database is down',
            status: 'failed',
            failureMessages: ['\u001b[31mAssertionError: expected 500 to be 503\u001b[39m\n    at a.test.ts:12:3'],
          },
        ],
      },
      {
        name: '/repo/server/test/b.test.ts',
        status: 'failed',
        message: 'Hook timed out in 60000ms\nmore',
        assertionResults: [],
      },
      {
        name: '/repo/server/test/c.test.ts',
        status: 'passed',
        assertionResults: [{ fullName: 'c', status: 'passed' }],
      },
    ],
  });

  test('counts passed, failed and skipped tests', () => {
    expect(countTests(file)).toEqual({ passed: 3, failed: 1, skipped: 1 });
  });

  test('names each failed test and a file that failed outside its tests, with the first line of the error', () => {
    expect(failedTests(file, root)).toEqual([
      {
        name: 'server/test/a.test.ts › accounts › answers 503 when the database is down',
        error: 'AssertionError: expected 500 to be 503',
      },
      { name: 'server/test/b.test.ts', error: 'Hook timed out in 60000ms' },
    ]);
  });
});

describe('Playwright reports', () => {
  const file = report('playwright.json', {
    stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
    suites: [
      {
        title: 'e2e/sign-in.spec.ts',
        specs: [{ title: 'top level', tests: [{ status: 'expected', results: [] }] }],
        suites: [
          {
            title: 'signing in',
            specs: [
              {
                title: 'passed on a retry',
                tests: [{ status: 'flaky', results: [{ error: { message: 'first try' } }] }],
              },
              {
                title: 'email code',
                tests: [
                  {
                    status: 'unexpected',
                    results: [{ error: { message: 'one' } }, { error: { message: 'last\nrest' } }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  });

  test('counts a test that passed on a retry as passed', () => {
    expect(countTests(file)).toEqual({ passed: 3, failed: 1, skipped: 0 });
  });

  test('names only the tests that failed in the end, by their suites, with their last error', () => {
    expect(failedTests(file, root)).toEqual([{ name: 'e2e/sign-in.spec.ts › signing in › email code', error: 'last' }]);
  });
});

test('a missing or unreadable report gives no counts and no names', () => {
  expect(countTests(join(folder, 'missing.json'))).toBeNull();
  const broken = report('broken.json', '{"numPassedTests": 1,');
  expect(countTests(broken)).toBeNull();
  expect(failedTests(broken, root)).toEqual([]);
});
