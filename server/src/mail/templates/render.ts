import type { Locale } from '@helios/api';
import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/**
 * Mails are written with React Email: the components render to the table layout and inline
 * styles mail clients need, the templates are type-checked TSX like the apps, and the same
 * render gives the plain-text part. MJML would add a second template language beside TSX.
 */
export type MailTemplate<P extends { locale: Locale }> = {
  subject: (props: P) => string;
  Mail: (props: P) => ReactElement;
};

export type RenderedMail = { subject: string; html: string; text: string };

/** The subject, HTML and plain text of a template with its inputs. */
export async function renderMail<P extends { locale: Locale }>(
  template: MailTemplate<P>,
  props: P,
): Promise<RenderedMail> {
  const element = template.Mail(props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(props), html, text };
}
