import type { Locale } from '@helios/api';
import { describe, expect, test } from 'vitest';
import { adminSignedInAsYouTemplate } from './admin-signed-in-as-you';
import { codeTemplate } from './code';
import { newBrowserSignInTemplate } from './new-browser-sign-in';
import { noAccountTemplate } from './no-account';
import { passwordChangedTemplate } from './password-changed';
import { passwordResetTemplate } from './password-reset';
import { recoveryCodeUsedTemplate } from './recovery-code-used';
import { recoveryCodesRegeneratedTemplate } from './recovery-codes-regenerated';
import { type MailTemplate, renderMail } from './render';
import { resetTemplate } from './reset';
import { secondFactorAddedTemplate } from './second-factor-added';
import { secondFactorRemovedTemplate } from './second-factor-removed';

/** Fixed inputs: a winter afternoon (CET) and a summer morning (CEST) in Stockholm. */
const AT = new Date('2026-11-26T12:38:00Z');
const SUMMER = new Date('2026-07-01T08:05:00Z');
const PROFILE = 'https://login.example.com/profile';
const RESET_PAGE = 'https://login.example.com/login/reset-password';

type Case = { name: string; template: MailTemplate<{ locale: Locale }>; props: Record<string, unknown> };
const of = <P extends { locale: Locale }>(name: string, template: MailTemplate<P>, props: Omit<P, 'locale'>): Case => ({
  name,
  template: template as unknown as MailTemplate<{ locale: Locale }>,
  props,
});

const cases: Case[] = [
  of('code', codeTemplate, { code: '042917' }),
  of('no-account', noAccountTemplate, { email: 'kim@example.com' }),
  of('reset', resetTemplate, { link: 'https://login.example.com/login/set-password/TOKEN' }),
  of('new-browser-sign-in', newBrowserSignInTemplate, {
    at: AT,
    browser: 'Firefox 132',
    os: 'Windows 10',
    profileUrl: PROFILE,
  }),
  of('new-browser-sign-in-unknown', newBrowserSignInTemplate, {
    at: SUMMER,
    browser: null,
    os: null,
    profileUrl: PROFILE,
  }),
  of('password-changed', passwordChangedTemplate, { at: AT, resetUrl: RESET_PAGE }),
  of('password-reset', passwordResetTemplate, { at: AT, resetUrl: RESET_PAGE }),
  of('second-factor-added-totp', secondFactorAddedTemplate, { at: AT, method: 'totp', profileUrl: PROFILE }),
  of('second-factor-added-passkey', secondFactorAddedTemplate, { at: AT, method: 'passkey', profileUrl: PROFILE }),
  of('second-factor-removed-security-key', secondFactorRemovedTemplate, {
    at: AT,
    method: 'security_key',
    byAdmin: false,
    profileUrl: PROFILE,
  }),
  of('second-factor-removed-by-admin', secondFactorRemovedTemplate, {
    at: AT,
    method: 'totp',
    byAdmin: true,
    profileUrl: PROFILE,
  }),
  of('recovery-code-used', recoveryCodeUsedTemplate, { at: AT, remaining: 1, profileUrl: PROFILE }),
  of('recovery-codes-regenerated', recoveryCodesRegeneratedTemplate, { at: AT, profileUrl: PROFILE }),
  of('admin-signed-in-as-you', adminSignedInAsYouTemplate, { at: AT, tenant: 'Acme Bygg' }),
];

const securityCases = cases.filter((c) => !['code', 'no-account', 'reset'].includes(c.name));

describe.each(cases)('the $name mail', ({ name, template, props }) => {
  test.each(['en', 'sv'] as const)('in %s: HTML and plain text as snapshotted', async (locale) => {
    const mail = await renderMail(template, { ...props, locale });
    await expect(`Subject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot(
      `__snapshots__/${name}.${locale}.txt`,
    );
    await expect(mail.html).toMatchFileSnapshot(`__snapshots__/${name}.${locale}.html`);
    expect(mail.html).toContain(`lang="${locale}"`);
  });
});

describe.each(securityCases)('the $name security mail', ({ template, props }) => {
  test('links only to the profile or the reset page, and carries no code', async () => {
    for (const locale of ['en', 'sv'] as const) {
      const mail = await renderMail(template, { ...props, locale });
      const links = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      for (const link of links) expect([PROFILE, RESET_PAGE]).toContain(link);
      expect(mail.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    }
  });
});

test('times are Stockholm time with its zone, in the reader’s language', async () => {
  const summer = await renderMail(passwordChangedTemplate, { locale: 'sv', at: SUMMER, resetUrl: RESET_PAGE });
  expect(summer.text).toContain('1 juli 2026 kl. 10:05 CEST');
  const winter = await renderMail(passwordChangedTemplate, { locale: 'en', at: AT, resetUrl: RESET_PAGE });
  expect(winter.text).toContain('26 November 2026 at 13:38 CET');
});
