import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, createClient, ErrorCode, requiresRecentLogin } from './index';

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string };
let seen: Seen;
let answer: (res: ServerResponse) => void;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    seen = { method: req.method, url: req.url, headers: req.headers, body };
    answer(res);
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const loginState = {
  state: 'OTPRequired',
  session_id: 's'.repeat(32),
  available_credentials: [],
  is_user: false,
  is_stakeholder: false,
  allow_totp_remember: true,
};

describe('api client', () => {
  test('sends JSON with the method and path of the contract, keeps an extra query string', async () => {
    answer = json(200, loginState);
    const api = createClient({ baseUrl });
    const result = await api.call('start', {
      body: { email: ' Anna@Example.com ' },
      search: '?client_id=portal&lang=sv',
    });
    expect(result.state).toBe('OTPRequired');
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/auth/login/start?client_id=portal&lang=sv');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ email: ' Anna@Example.com ' });
  });

  test('query and path parameters are encoded', async () => {
    answer = json(200, loginState);
    await createClient({ baseUrl }).call('ping', { query: { session_id: 'abc_DEF-123456789' } });
    expect(seen.url).toBe('/auth/login/ping?session_id=abc_DEF-123456789');
    answer = json(200, {
      name: '',
      email: 'a@b.se',
      locale: 'en',
      profile_picture: null,
      available_credentials: [],
      is_user: true,
    });
    await createClient({ baseUrl }).call('deleteCredential', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(seen.method).toBe('DELETE');
    expect(seen.url).toBe('/oauth2/userinfo/credentials/00000000-0000-4000-8000-000000000000');
  });

  test('204, empty and non-JSON answers yield no data', async () => {
    const api = createClient({ baseUrl });
    answer = (res) => res.writeHead(204).end();
    expect(await api.call('logout')).toBeUndefined();
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('');
    expect(await api.call('resetRequest', { body: { email: 'a@b.se' } })).toBeUndefined();
    answer = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    expect(await api.call('resetRequest', { body: { email: 'a@b.se' } })).toBeUndefined();
  });

  test('a non-success answer becomes an ApiError with status, status text and the detail list', async () => {
    answer = json(409, { detail: [{ type: 'invalid_login_session_state', msg: 'nope' }] });
    const error = await createClient({ baseUrl })
      .call('verifyOtp', { body: { session_id: 's'.repeat(32), email: 'a@b.se', otp: '123456' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, statusText: 'Conflict', type: 'invalid_login_session_state' });
    expect((error as ApiError).detail).toHaveLength(1);
  });

  test('a file download posts its JSON body and yields the content and the name the server gave it', async () => {
    answer = (res) =>
      res
        .writeHead(200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-2026-03-10.csv"',
        })
        .end('\uFEFFtime,action\r\n');
    const file = await createClient({ baseUrl }).download('auditExport', { body: { action: 'login.success' } });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/audit/export');
    expect(seen.headers.accept).toBe('text/csv');
    expect(JSON.parse(seen.body)).toEqual({ action: 'login.success' });
    expect(file.fileName).toBe('audit-2026-03-10.csv');
    expect(await file.content.text()).toContain('time,action');

    answer = json(403, { detail: [{ type: 'forbidden', msg: 'Forbidden' }] });
    const error = await createClient({ baseUrl })
      .download('auditExport', { body: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, type: 'forbidden' });
  });

  test('a 403 requires_recent_login is recognised as the request to re-authenticate, other refusals are not', async () => {
    const api = createClient({ baseUrl });
    const params = { id: '00000000-0000-4000-8000-000000000000' };
    const refusal = async (status: number, type: string) => {
      answer = json(status, { detail: [{ type, msg: 'refused' }] });
      return api.call('deleteCredential', { params }).catch((error: unknown) => error);
    };
    const stepUp = await refusal(403, ErrorCode.requiresRecentLogin);
    expect(stepUp).toBeInstanceOf(ApiError);
    expect((stepUp as ApiError).requiresRecentLogin).toBe(true);
    expect(requiresRecentLogin(stepUp)).toBe(true);
    expect(requiresRecentLogin(await refusal(403, ErrorCode.forbidden))).toBe(false);
    expect(requiresRecentLogin(await refusal(401, ErrorCode.unauthenticated))).toBe(false);
    expect(requiresRecentLogin(new Error('requires_recent_login'))).toBe(false);
  });

  test('an error without a JSON body has an empty detail list', async () => {
    answer = (res) => res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
    const error = (await createClient({ baseUrl })
      .call('userinfo')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.detail).toEqual([]);
    expect(error.type).toBeUndefined();
  });

  test('no answer at all is a network error (status 0)', async () => {
    const error = (await createClient({ baseUrl: 'http://127.0.0.1:1' })
      .call('userinfo')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
  });

  test('lower-case login states of the older interface are read as the states they mean', async () => {
    const api = createClient({ baseUrl });
    const read = async (state: string) => {
      answer = json(200, { ...loginState, state });
      return (await api.call('ping')).state;
    };
    expect(await read('done')).toBe('Done');
    expect(await read('mfa_verified')).toBe('Done');
    expect(await read('credentials_verified')).toBe('MfaRequired');
    expect(await read('totp_reset_required')).toBe('TOTPResetRequired');
    expect(await read('unknown')).toBe('Start');
    expect(await read('MfaRequired')).toBe('MfaRequired');
  });

  test('an account list parses with Google, Microsoft, SMS and unknown credential kinds', async () => {
    const account = {
      id: '6f1c2f4e-0000-4000-8000-000000000001',
      name: 'Ann',
      email: 'ann@example.com',
      image: null,
      is_user: true,
      is_stakeholder: false,
      is_admin: false,
      last_login_at: null,
      tenant_access: [],
    };
    const kinds = ['password', 'google', 'microsoft', 'sms', 'passkey'];
    answer = json(200, [
      { ...account, available_credentials: kinds.map((type, i) => ({ id: `c${i}`, type, provider: null })) },
    ]);
    const [found] = await createClient({ baseUrl }).call('searchAccounts', { params: { term: 'ann' } });
    expect(found?.available_credentials.map((credential) => credential.type)).toEqual(kinds);
  });

  test('an answer that breaks the contract is refused', async () => {
    answer = json(200, { state: 'Sideways' });
    const error = (await createClient({ baseUrl })
      .call('ping')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.type).toBe('invalid_response');
  });
});
