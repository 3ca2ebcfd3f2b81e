import { describe, expect, test } from 'vitest';
import { freshEnough, loginAddress } from './interaction';

describe('the login page address for an authorization request', () => {
  test('carries the request, with email from login_hint and lang from ui_locales', () => {
    const address = new URL(
      loginAddress({
        client_id: 'c1',
        redirect_uri: 'https://acme.example.com/auth/callback',
        response_type: 'code',
        scope: 'openid email',
        state: 's',
        nonce: 'n',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
        login_hint: 'anna@example.com',
        ui_locales: 'de-DE sv-SE en',
        acr_values: undefined,
      }),
      'https://helios.example.com',
    );
    expect(address.pathname).toBe('/login');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      client_id: 'c1',
      redirect_uri: 'https://acme.example.com/auth/callback',
      response_type: 'code',
      scope: 'openid email',
      state: 's',
      nonce: 'n',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      login_hint: 'anna@example.com',
      ui_locales: 'de-DE sv-SE en',
      email: 'anna@example.com',
      lang: 'sv',
    });
  });

  test('leaves out prompt=login and max_age, keeps other prompts, and adds what it is given', () => {
    const address = new URL(
      loginAddress(
        { client_id: 'c1', prompt: 'login consent', max_age: '0', login_hint: 'not-an-email', ui_locales: 'fi' },
        { interaction: 'uid1', mode: 'refresh', email: 'anna@example.com' },
      ),
      'https://helios.example.com',
    );
    expect(Object.fromEntries(address.searchParams)).toEqual({
      client_id: 'c1',
      prompt: 'consent',
      login_hint: 'not-an-email',
      ui_locales: 'fi',
      interaction: 'uid1',
      mode: 'refresh',
      email: 'anna@example.com',
    });
    expect(new URL(loginAddress({ prompt: 'login' }), 'https://h.example.com').searchParams.has('prompt')).toBe(false);
  });
});

describe('whether a Helios sign-in is fresh enough for a request', () => {
  const began = 1_000_000;
  test('one made after the request began always is', () => {
    expect(freshEnough({ prompt: 'login', max_age: '0' }, began + 1, began, began + 5_000)).toBe(true);
  });

  test('prompt=login needs one made after the request began', () => {
    expect(freshEnough({ prompt: 'login' }, began, began, began)).toBe(false);
    expect(freshEnough({ prompt: 'consent' }, began - 1, began, began)).toBe(true);
  });

  test('max_age needs one at most that many seconds old', () => {
    expect(freshEnough({ max_age: '60' }, began - 60_000, began, began)).toBe(true);
    expect(freshEnough({ max_age: '60' }, began - 60_001, began, began)).toBe(false);
    expect(freshEnough({}, 0, began, began)).toBe(true);
  });
});
