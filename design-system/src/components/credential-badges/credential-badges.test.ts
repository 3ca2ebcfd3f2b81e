import { describe, expect, it } from 'vitest';
import { credentialBadgeKind } from './credential-badges';

describe('credentialBadgeKind', () => {
  it('keeps the kinds that name themselves', () => {
    for (const type of ['password', 'webauthn', 'totp', 'google', 'microsoft', 'sms'] as const) {
      expect(credentialBadgeKind({ type })).toBe(type);
    }
  });

  it('counts OIDC from a Google host as Google', () => {
    expect(credentialBadgeKind({ type: 'oidc', provider: 'accounts.google.com' })).toBe('google');
    expect(credentialBadgeKind({ type: 'oidc', provider: 'https://accounts.google.com/' })).toBe('google');
    expect(credentialBadgeKind({ type: 'oidc', provider: 'google.com' })).toBe('google');
  });

  it('counts OIDC from a Microsoft host as Microsoft', () => {
    expect(credentialBadgeKind({ type: 'oidc', provider: 'login.microsoftonline.com' })).toBe('microsoft');
    expect(credentialBadgeKind({ type: 'oidc', provider: 'https://login.microsoftonline.com/common/v2.0' })).toBe(
      'microsoft',
    );
    expect(credentialBadgeKind({ type: 'oidc', provider: 'login.live.com' })).toBe('microsoft');
  });

  it('counts any other OIDC provider as SSO', () => {
    expect(credentialBadgeKind({ type: 'oidc', provider: 'sso.acme.se' })).toBe('sso');
    expect(credentialBadgeKind({ type: 'oidc', provider: null })).toBe('sso');
    expect(credentialBadgeKind({ type: 'oidc' })).toBe('sso');
  });

  it('is not fooled by a host that only contains a provider name', () => {
    expect(credentialBadgeKind({ type: 'oidc', provider: 'google.com.evil.example' })).toBe('sso');
    expect(credentialBadgeKind({ type: 'oidc', provider: 'notgoogle.com' })).toBe('sso');
  });

  it('counts a kind it does not know as other', () => {
    expect(credentialBadgeKind({ type: 'fido-hybrid' })).toBe('other');
    expect(credentialBadgeKind({ type: 'toString' })).toBe('other');
  });

  it('names a passkey apart from a security key', () => {
    expect(credentialBadgeKind({ type: 'passkey' })).toBe('passkey');
    expect(credentialBadgeKind({ type: 'webauthn' })).toBe('webauthn');
  });

  it('ignores case and surrounding spaces', () => {
    expect(credentialBadgeKind({ type: 'oidc', provider: ' Accounts.Google.COM ' })).toBe('google');
  });
});
