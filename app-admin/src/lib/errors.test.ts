import { ApiError } from '@helios/api';
import { expect, test } from 'vitest';
import { errorType, isAuthFailure, knownAdminError } from './errors';

const apiError = (status: number, type?: string) => new ApiError(status, 'x', type ? [{ type, msg: type }] : []);

test('401 and 403 are auth failures; other answers are not', () => {
  expect(isAuthFailure(apiError(401))).toBe(true);
  expect(isAuthFailure(apiError(403))).toBe(true);
  expect(isAuthFailure(apiError(404))).toBe(false);
  expect(isAuthFailure(apiError(0))).toBe(false);
  expect(isAuthFailure(new Error('x'))).toBe(false);
});

test('server codes the console words itself', () => {
  expect(knownAdminError(apiError(409, 'slug_taken'))).toBe('slugTaken');
  expect(knownAdminError(apiError(409, 'credits_below_zero'))).toBe('creditsBelowZero');
  expect(knownAdminError(apiError(409, 'tenant_inactive'))).toBe('tenantInactive');
  expect(knownAdminError(apiError(500, 'internal_error'))).toBeUndefined();
  expect(knownAdminError(apiError(500))).toBeUndefined();
  expect(errorType(new Error('x'))).toBeUndefined();
});
