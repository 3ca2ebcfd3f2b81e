import { ErrorCode } from '@helios/api';
import { describe, expect, test } from 'vitest';
import { type Assertion, decideLink, decideSignIn, errorTypeOf } from './decide';

const asserted = (overrides: Partial<Assertion> = {}): Assertion => ({
  issuer: 'https://accounts.google.com',
  subject: 'sub-1',
  email: 'ada@example.com',
  emailVerified: true,
  ...overrides,
});
const unbound = { boundTo: null, otherIdentityOfProvider: false };
const login: { email: string; accountId: string | null } = { email: 'ada@example.com', accountId: 'account-a' };

describe('signing in with a provider', () => {
  test('a bound identity signs in its own account, and only that one', () => {
    expect(decideSignIn({ ...unbound, boundTo: 'account-a' }, login, asserted({ emailVerified: false }))).toEqual({
      kind: 'use',
      accountId: 'account-a',
    });
    expect(decideSignIn({ ...unbound, boundTo: 'account-b' }, login, asserted())).toEqual({
      kind: 'refuse',
      code: ErrorCode.identityInUse,
    });
    expect(decideSignIn({ ...unbound, boundTo: 'account-b' }, { ...login, accountId: null }, asserted())).toEqual({
      kind: 'refuse',
      code: ErrorCode.identityInUse,
    });
  });

  test('an unbound identity is linked only for a verified email equal to the login’s, with an account', () => {
    expect(decideSignIn(unbound, login, asserted())).toEqual({ kind: 'link', accountId: 'account-a' });
    const refused = (facts = unbound, who = login, claim = asserted()) => {
      const decision = decideSignIn(facts, who, claim);
      return decision.kind === 'refuse' ? decision.code : decision.kind;
    };
    expect(refused(unbound, login, asserted({ emailVerified: false }))).toBe(ErrorCode.providerEmailUnverified);
    expect(refused(unbound, login, asserted({ email: 'eve@example.com' }))).toBe(ErrorCode.providerEmailMismatch);
    expect(refused(unbound, login, asserted({ email: null }))).toBe(ErrorCode.providerEmailMismatch);
    expect(refused(unbound, { ...login, accountId: null })).toBe(ErrorCode.providerNoAccount);
    expect(refused({ ...unbound, otherIdentityOfProvider: true })).toBe(ErrorCode.identityAlreadyLinked);
  });
});

describe('linking a provider to a signed-in account', () => {
  test('links whatever the email; the same identity again is harmless; others are refused', () => {
    expect(decideLink(unbound, 'account-a')).toEqual({ kind: 'link', accountId: 'account-a' });
    expect(decideLink({ ...unbound, boundTo: 'account-a' }, 'account-a')).toEqual({
      kind: 'use',
      accountId: 'account-a',
    });
    expect(decideLink({ ...unbound, boundTo: 'account-b' }, 'account-a')).toEqual({
      kind: 'refuse',
      code: ErrorCode.identityInUse,
    });
    expect(decideLink({ ...unbound, otherIdentityOfProvider: true }, 'account-a')).toEqual({
      kind: 'refuse',
      code: ErrorCode.identityAlreadyLinked,
    });
  });
});

test('refusals that trying again cannot fix are hard; denied consent and expired attempts are soft', () => {
  expect(errorTypeOf(ErrorCode.identityInUse)).toBe('hard');
  expect(errorTypeOf(ErrorCode.providerNoAccount)).toBe('hard');
  expect(errorTypeOf(ErrorCode.providerDenied)).toBe('soft');
  expect(errorTypeOf(ErrorCode.providerStateInvalid)).toBe('soft');
  expect(errorTypeOf(ErrorCode.providerEmailMismatch)).toBe('soft');
});
