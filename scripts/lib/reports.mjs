// Reads the JSON reports of Vitest and Playwright for the test command's summary.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Passed, failed and skipped tests of a report, or null when there is no readable report. */
export function countTests(file) {
  const json = readReport(file);
  if (!json) return null;
  if (json.stats && 'expected' in json.stats) {
    // Playwright's JSON report; a test that passed on a retry counts as passed.
    return {
      passed: json.stats.expected + json.stats.flaky,
      failed: json.stats.unexpected,
      skipped: json.stats.skipped,
    };
  }
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  };
}

/** The first line of an error, without terminal colours, at most 200 characters. */
function firstLine(text) {
  return stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 200);
}

/** The failed tests of a report, each with the first line of its error, so that the summary at
 * the end of a long run names them. Test files are named relative to `root`. */
export function failedTests(file, root) {
  const json = readReport(file);
  if (!json) return [];
  const failures = [];
  if (json.suites) {
    // Playwright: suites nest; a test failed when its outcome was unexpected (after any retries).
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.at(-1)?.error?.message;
          failures.push({ name: [...path, spec.title].join(' › '), error: firstLine(error) });
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of json.suites) walk(suite, [suite.title]);
    return failures;
  }
  for (const result of json.testResults ?? []) {
    const name = relative(root, result.name);
    const tests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of tests) {
      failures.push({ name: `${name} › ${test.fullName}`, error: firstLine(test.failureMessages?.[0]) });
    }
    // A file that failed before its tests ran (an import or a hook) has no failed test.
    if (result.status === 'failed' && tests.length === 0) {
      failures.push({ name, error: firstLine(result.message) });
    }
  }
  return failures;
}
