import { describe, expect, test } from 'vitest';
import { RedirectUri, UpdateOidcClient } from './admin';

describe('instance redirect URIs', () => {
  test('https anywhere, http only on a loopback host', () => {
    expect(RedirectUri.safeParse('https://acme.example.com/auth/callback').success).toBe(true);
    expect(RedirectUri.safeParse('http://localhost:4000/auth/callback').success).toBe(true);
    expect(RedirectUri.safeParse('http://127.0.0.1:4000/cb').success).toBe(true);
    expect(RedirectUri.safeParse('http://acme.example.com/auth/callback').success).toBe(false);
    expect(RedirectUri.safeParse('javascript:alert(1)').success).toBe(false);
  });

  test('no fragment, not even an empty one', () => {
    expect(RedirectUri.safeParse('https://acme.example.com/cb#x').success).toBe(false);
    expect(RedirectUri.safeParse('https://acme.example.com/cb#').success).toBe(false);
  });

  test('text that is not an address is refused, not thrown', () => {
    const result = UpdateOidcClient.safeParse({ redirect_uris: ['not a url', ''] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('redirect_uris.0');
  });
});
