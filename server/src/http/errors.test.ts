import { describe, expect, it } from 'vitest';
import { errorForLog, failureText } from './errors';

/** A failed query as drizzle reports it: the statement, then its values, with the driver's error
 * as the cause. */
function failedQuery(values: string[]) {
  return new Error(`Failed query: insert into "signing_keys" ("jwk") values ($1)\nparams: ${values.join(',')}`, {
    cause: new Error('permission denied for table signing_keys'),
  });
}

describe('errors as they leave the process', () => {
  it('the command line prints a failure with its cause and without the query’s values', () => {
    const text = failureText(failedQuery(['{"d":"private-key-material"}']));
    expect(text).toBe(
      'Failed query: insert into "signing_keys" ("jwk") values ($1): permission denied for table signing_keys',
    );
    expect(text).not.toContain('private-key-material');
  });

  it('prints a plain failure and its cause as they are', () => {
    const error = new Error('The session store is unavailable', {
      cause: new Error('Redis not reachable at redis://:***@127.0.0.1:1/0'),
    });
    expect(failureText(error)).toBe(
      'The session store is unavailable: Redis not reachable at redis://:***@127.0.0.1:1/0',
    );
    expect(failureText('not an error')).toBe('not an error');
  });

  it('logs a failed query without its values, in the message and the stack', () => {
    const logged = errorForLog(failedQuery(['123456', 'person@example.com']), { stack: true });
    expect(logged.message).not.toContain('123456');
    expect(logged.stack).not.toContain('person@example.com');
    expect(logged.message).toContain('Failed query');
  });
});
