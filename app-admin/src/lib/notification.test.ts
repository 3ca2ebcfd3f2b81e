import { expect, test } from 'vitest';
import { emptyNotification, notificationBody, validateNotification } from './notification';

test('needs a message and tenants unless it is for admins only', () => {
  expect(validateNotification(emptyNotification)).toEqual({ message: 'messageRequired', tenants: 'tenantsRequired' });
  expect(validateNotification({ ...emptyNotification, message: ' hi ', adminsOnly: true })).toEqual({});
  expect(validateNotification({ ...emptyNotification, message: 'hi', tenants: ['t1'] })).toEqual({});
  expect(validateNotification({ ...emptyNotification, message: '  ', adminsOnly: true })).toEqual({
    message: 'messageRequired',
  });
});

test('the body trims the message and drops tenants for admins only', () => {
  expect(
    notificationBody({ message: ' Hello ', adminsOnly: true, tenants: ['t1'], popup: true, newFunctionality: false }),
  ).toEqual({ message: 'Hello', admins_only: true, tenants: [], popup: true, new_functionality: false });
  expect(notificationBody({ ...emptyNotification, message: 'Hi', tenants: ['t1', 't2'] }).tenants).toEqual([
    't1',
    't2',
  ]);
});
