/// <reference types="vite/client" />
/*
 * Live views of the design tokens for the "Theming and tokens" docs page. The token names and
 * values are read from the design system's own theme.css when Storybook builds, and every swatch
 * is painted with the CSS variable itself, so the page shows what the components use.
 */
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@helios/design-system';
import type * as React from 'react';
import themeCss from '../../design-system/src/styles/theme.css?raw';

type Declarations = Map<string, string>;

const css = themeCss.replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties declared directly in the top-level block `selector { … }` (nested blocks
 * such as `@keyframes` are left out). */
function declarationsIn(selector: string): Declarations {
  const start = css.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`theme.css has no top-level "${selector}" block`);
  let depth = 0;
  let body = '';
  for (let index = css.indexOf('{', start); index < css.length; index++) {
    const char = css[index];
    if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (depth === 1) body += char;
    if (depth === 0) break;
  }
  const declarations: Declarations = new Map();
  for (const [, name, value] of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    if (name && value) declarations.set(name, value.replace(/\s+/g, ' ').trim());
  }
  return declarations;
}

const light = declarationsIn(':root');
const dark = declarationsIn('.dark');
const theme = declarationsIn('@theme inline');

/** The Tailwind colour name of a variable, e.g. `--muted-foreground` → `muted-foreground`, when
 * `@theme inline` maps one onto it. */
function utilityColour(variable: string): string | undefined {
  for (const [name, value] of theme) {
    if (name.startsWith('--color-') && value === `var(${variable})`) return name.slice('--color-'.length);
  }
  return undefined;
}

const colourTokens = [...light.keys()].filter((name) => light.get(name)?.startsWith('oklch('));

function Swatch({ variable, className }: { variable: string; className?: string }) {
  const foreground = light.has(`${variable}-foreground`) ? `var(${variable}-foreground)` : undefined;
  return (
    <div className={className}>
      <div
        className="flex h-10 w-20 items-center justify-center rounded-md border font-medium text-sm"
        style={{ background: `var(${variable})`, color: foreground }}
        aria-hidden="true"
      >
        {foreground ? 'Aa' : null}
      </div>
    </div>
  );
}

function Value({ children }: { children: React.ReactNode }) {
  return <code className="block max-w-xl break-words font-mono text-muted-foreground text-xs">{children}</code>;
}

/** Every colour variable of theme.css in the light and the dark theme, with its Tailwind name. A
 * swatch with "Aa" shows the token's `-foreground` partner on it. */
export function ColourTokens() {
  return (
    <div className="sb-unstyled">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Variable</TableHead>
            <TableHead>Tailwind</TableHead>
            <TableHead>Light</TableHead>
            <TableHead>Dark</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {colourTokens.map((variable) => {
            const utility = utilityColour(variable);
            return (
              <TableRow key={variable}>
                <TableCell>
                  <code className="font-mono text-xs">{variable}</code>
                </TableCell>
                <TableCell>{utility ? <code className="font-mono text-xs">{`*-${utility}`}</code> : '—'}</TableCell>
                <TableCell>
                  <Swatch variable={variable} className="rounded-lg bg-background p-2" />
                  <Value>{light.get(variable)}</Value>
                </TableCell>
                <TableCell>
                  <Swatch variable={variable} className="dark rounded-lg bg-background p-2" />
                  <Value>{dark.get(variable) ?? 'as light'}</Value>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

const radiusTokens = [...theme].filter(([name]) => name.startsWith('--radius-'));

/** The corner radii: Tailwind's `rounded-*` steps, all derived from `--radius`. */
export function RadiusTokens() {
  return (
    <div className="sb-unstyled flex flex-wrap gap-6 text-foreground">
      {radiusTokens.map(([name, value]) => (
        <div key={name} className="grid justify-items-start gap-1">
          <div
            className="size-16 border-2 border-primary bg-muted"
            style={{ borderRadius: value }}
            aria-hidden="true"
          />
          <code className="font-mono text-xs">{`rounded-${name.slice('--radius-'.length)}`}</code>
          <Value>{value}</Value>
        </div>
      ))}
      <div className="grid content-end gap-1">
        <code className="font-mono text-xs">--radius</code>
        <Value>{light.get('--radius')}</Value>
      </div>
    </div>
  );
}

/** The type scale theme.css adds (`text-display`, `text-title`) and the two font stacks. */
export function TypeTokens() {
  const sizes = [...theme].filter(([name]) => name.startsWith('--text-') && !name.includes('--', 2));
  return (
    <div className="sb-unstyled grid gap-4 text-foreground">
      {sizes.map(([name, value]) => {
        const step = name.slice('--text-'.length);
        return (
          <div key={name} className="grid gap-1">
            <p
              style={{
                fontSize: value,
                lineHeight: theme.get(`${name}--line-height`),
                fontWeight: theme.get(`${name}--font-weight`),
              }}
            >
              Sign in to Helios
            </p>
            <Value>{`text-${step}: ${value}`}</Value>
          </div>
        );
      })}
      {(['--font-sans', '--font-mono'] as const).map((name) => (
        <div key={name} className="grid gap-1">
          <p style={{ fontFamily: `var(${name})` }}>Åre Hälsa &amp; Co — 0123456789</p>
          <Value>{`font-${name.slice('--font-'.length)}: ${light.get(name)}`}</Value>
        </div>
      ))}
    </div>
  );
}

const SPACING_STEPS = [1, 2, 3, 4, 6, 8, 12];

/** Tailwind's spacing scale as the components use it: `p-4`, `gap-3`… are multiples of `--spacing`. */
export function SpacingScale() {
  return (
    <div className="sb-unstyled grid gap-2 text-foreground">
      {SPACING_STEPS.map((step) => (
        <div key={step} className="flex items-center gap-3">
          <code className="w-16 font-mono text-xs">{`*-${step}`}</code>
          <div className="w-12">
            <div className="h-4 rounded-sm bg-primary" style={{ width: `calc(var(--spacing) * ${step})` }} />
          </div>
          <Value>{`calc(var(--spacing) * ${step})`}</Value>
        </div>
      ))}
    </div>
  );
}
