import { describe, expect, test } from 'vitest';
import { apiScopes, namesInstance, requestedResources } from './resources';

describe('which resource indicators name an instance', () => {
  const instance = 'https://acme.example.com';

  test('its own address, with or without a trailing slash, in any letter case of the host', () => {
    expect(namesInstance('https://acme.example.com', instance)).toBe(true);
    expect(namesInstance('https://acme.example.com/', instance)).toBe(true);
    expect(namesInstance('https://ACME.example.com', instance)).toBe(true);
    expect(namesInstance('https://acme.example.com', `${instance}/`)).toBe(true);
  });

  test('nothing else: another instance, another path, scheme, port or query, or no address', () => {
    for (const other of [
      'https://other.example.com',
      'https://acme.example.com/api',
      'http://acme.example.com',
      'https://acme.example.com:8443',
      'https://acme.example.com/?x=1',
      'https://acme.example.com.evil.example',
      'acme.example.com',
      '',
    ])
      expect(namesInstance(other, instance), other).toBe(false);
    expect(namesInstance(instance, undefined)).toBe(false);
    expect(namesInstance('not a url', 'not a url')).toBe(false);
  });
});

describe('what a grant holds for an instance API', () => {
  test('the OpenID Connect scopes asked for, without offline_access', () => {
    expect(apiScopes(['openid', 'email', 'profile', 'offline_access'])).toEqual(['openid', 'email', 'profile']);
    expect(apiScopes(['offline_access'])).toEqual([]);
  });

  test('one resource or several, as the request carried them', () => {
    expect(requestedResources('https://acme.example.com')).toEqual(['https://acme.example.com']);
    expect(requestedResources(['https://a.example.com', 'https://b.example.com'])).toHaveLength(2);
    expect(requestedResources(undefined)).toEqual([]);
  });
});
