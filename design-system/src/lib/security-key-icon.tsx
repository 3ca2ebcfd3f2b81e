import type * as React from 'react';
import { StrokeIcon } from './stroke-icon';

/** A security key (USB key with a button): shared by the method list and the key list. */
export function SecurityKeyIcon(props: Omit<React.ComponentProps<'svg'>, 'children'>) {
  return (
    <StrokeIcon focusable="false" {...props}>
      <rect x="7" y="9" width="10" height="13" rx="2" />
      <path d="M9 9V4h6v5M12 14v3" />
    </StrokeIcon>
  );
}
