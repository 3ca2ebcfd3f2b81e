import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';
import { cn } from '../../lib/cn';

/**
 * The letters shown when there is no picture: the first letter of the first and of the last
 * word, upper-cased ("Anna Maria Svensson" → "AS"); one letter for a single word; "?" when the
 * name is blank. Letters outside the Basic Multilingual Plane are kept whole.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const firstLetter = (word: string) => Array.from(word)[0] ?? '';
  return (firstLetter(first) + (last ? firstLetter(last) : '')).toUpperCase();
}

export const avatarVariants = cva(
  'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-secondary font-medium text-secondary-foreground',
  {
    variants: {
      size: { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' },
    },
    defaultVariants: { size: 'md' },
  },
);

const FALLBACK_CLASS = 'flex size-full items-center justify-center';

export type AvatarProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof avatarVariants> & {
    /** The person's name: the picture's alt text and the source of the initials. */
    name: string;
    /** Address of the profile picture; initials show when it is missing or fails to load. */
    src?: string | null;
  };

/** A round profile picture that falls back to the person's initials. */
export function Avatar({ className, name, src, size, ...props }: AvatarProps) {
  // Remembering which address failed (not just "failed") lets a new `src` try again.
  const [failedSrc, setFailedSrc] = React.useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  const label = name.trim();

  return (
    <span data-slot="avatar" className={cn(avatarVariants({ size }), className)} {...props}>
      {showImage && src ? (
        <img
          data-slot="avatar-image"
          src={src}
          alt={label}
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : label ? (
        <span data-slot="avatar-fallback" role="img" aria-label={label} className={FALLBACK_CLASS}>
          {initials(label)}
        </span>
      ) : (
        <span data-slot="avatar-fallback" aria-hidden="true" className={FALLBACK_CLASS}>
          {initials(name)}
        </span>
      )}
    </span>
  );
}
