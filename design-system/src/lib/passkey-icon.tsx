import type * as React from 'react';
import { StrokeIcon } from './stroke-icon';

/** A passkey (a person and a key): shared by the method list, the passkey list and its button. */
export function PasskeyIcon(props: Omit<React.ComponentProps<'svg'>, 'children'>) {
  return (
    <StrokeIcon focusable="false" {...props}>
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21v-1a6 6 0 0 1 9.5-4.9" />
      <circle cx="17.5" cy="13.5" r="2.5" />
      <path d="M17.5 16v5M17.5 19h2" />
    </StrokeIcon>
  );
}
