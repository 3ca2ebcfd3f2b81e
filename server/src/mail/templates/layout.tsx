import type { Locale } from '@helios/api';
import { Body, Button, Container, Head, Html, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** The Helios look of every mail: the colours of the apps' light theme, one narrow column. */
const colours = { text: '#1f2233', muted: '#5b5f73', action: '#3340c4', onAction: '#ffffff', line: '#d9dbe6' };

const body = { backgroundColor: '#ffffff', fontFamily: 'system-ui, sans-serif', color: colours.text, margin: 0 };
const container = { maxWidth: '520px', margin: '0 auto', padding: '24px' };
const paragraph = { margin: '0 0 16px', fontSize: '15px', lineHeight: '22px' };
const button = {
  backgroundColor: colours.action,
  color: colours.onAction,
  padding: '12px 20px',
  borderRadius: '8px',
  textDecoration: 'none',
};
const facts = { margin: '0 0 16px', padding: '12px 16px', borderLeft: `3px solid ${colours.line}` };
const fact = { margin: '0', fontSize: '15px', lineHeight: '22px' };
const footer = { color: colours.muted, fontSize: '13px', margin: '8px 0 0' };

/** A mail: its paragraphs, then the footer. `lang` lets screen readers speak it right. */
export function MailLayout({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <Html lang={locale}>
      <Head />
      <Body style={body}>
        <Container style={container}>
          {children}
          <Text style={footer}>Helios</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** The one thing the mail asks of its reader, as a button. The plain text shows its address. */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button href={href} style={button}>
        {children}
      </Button>
    </Section>
  );
}

/** Labelled facts about an event (browser, system, time), one per line. */
export function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <Section style={facts}>
      {rows.map(([label, value]) => (
        <Text key={label} style={fact}>
          {`${label}: ${value}`}
        </Text>
      ))}
    </Section>
  );
}
