import { describe, expect, test } from 'vitest';
import { mailQuotas, nextSend, quotaAddress } from './mail-quota';

const minutes = (n: number) => n * 60_000;

/** Sends one mail after another at the given times; answers which went. */
function sendAt(quota: typeof mailQuotas.signInCode | typeof mailQuotas.noAccount, times: number[]) {
  let sent: number[] = [];
  return times.map((at) => {
    const next = nextSend(quota, sent, at);
    sent = next.sent;
    return next.allowed;
  });
}

describe('mail quota', () => {
  test('five sign-in codes in 15 minutes; the sixth waits until the first is 15 minutes old', () => {
    const burst = [0, 1, 2, 3, 4, 5].map(minutes);
    expect(sendAt(mailQuotas.signInCode, burst)).toEqual([true, true, true, true, true, false]);
    expect(sendAt(mailQuotas.signInCode, [...burst, minutes(14.9), minutes(15)]).slice(6)).toEqual([false, true]);
  });

  test('twenty sign-in codes a day, however they are spread', () => {
    const everyQuarter = Array.from({ length: 21 }, (_, i) => minutes(16 * i));
    const allowed = sendAt(mailQuotas.signInCode, everyQuarter);
    expect(allowed.filter(Boolean)).toHaveLength(20);
    expect(allowed[20]).toBe(false);
    expect(sendAt(mailQuotas.signInCode, [...everyQuarter, minutes(24 * 60)]).at(-1)).toBe(true);
  });

  test('one "no account" mail a day', () => {
    expect(sendAt(mailQuotas.noAccount, [0, minutes(1), minutes(23 * 60)])).toEqual([true, false, false]);
    expect(sendAt(mailQuotas.noAccount, [0, minutes(24 * 60)])).toEqual([true, true]);
  });

  test('a refused mail is not counted, and sends older than a day are forgotten', () => {
    const { sent } = nextSend(mailQuotas.noAccount, [0], minutes(1));
    expect(sent).toEqual([0]);
    expect(nextSend(mailQuotas.signInCode, [0, minutes(1)], minutes(24 * 60 + 1)).sent).toEqual([minutes(24 * 60 + 1)]);
  });

  test('spellings of one mailbox count as one address', () => {
    expect(quotaAddress(' Owner+News@Example.com ')).toBe('owner@example.com');
    expect(quotaAddress('first.last+x@googlemail.com')).toBe('firstlast@gmail.com');
    expect(quotaAddress('first.last@example.com')).toBe('first.last@example.com');
    expect(quotaAddress('+tag@example.com')).toBe('+tag@example.com');
  });
});
