import * as React from 'react';
import { cn } from '../../lib/cn';

export type FlagLanguage = 'sv' | 'en';

const LANGUAGES: { code: FlagLanguage; short: string }[] = [
  { code: 'sv', short: 'SE' },
  { code: 'en', short: 'EN' },
];

export type LanguageFlagsProps = Omit<React.ComponentProps<'fieldset'>, 'onChange' | 'children'> & {
  /** The language in use. */
  value: FlagLanguage;
  /** Called with the language the user picked. */
  onChange: (language: FlagLanguage) => void;
  /** Accessible names of the two buttons, best written in their own language. */
  labels?: Record<FlagLanguage, string>;
  /** Accessible name of the group. */
  groupLabel?: string;
};

/** Two small toggle buttons, SE and EN with their flags, to switch the language of the sign-in pages. */
export function LanguageFlags({
  value,
  onChange,
  labels = { sv: 'Svenska', en: 'English' },
  groupLabel = 'Language',
  className,
  ...props
}: LanguageFlagsProps) {
  return (
    <fieldset
      data-slot="language-flags"
      aria-label={groupLabel}
      className={cn('inline-flex items-center gap-1', className)}
      {...props}
    >
      {LANGUAGES.map(({ code, short }) => (
        <button
          key={code}
          type="button"
          data-slot="language-flags-option"
          data-language={code}
          aria-pressed={value === code}
          onClick={() => onChange(code)}
          className="focus-ring inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-transparent px-2 font-medium text-muted-foreground text-xs transition-colors hover:bg-accent hover:text-accent-foreground aria-pressed:border-border aria-pressed:bg-accent aria-pressed:text-accent-foreground"
        >
          {code === 'sv' ? <SwedishFlag /> : <BritishFlag />}
          {/* The short code is what people see; the full language name is what screen readers say. */}
          <span aria-hidden="true">{short}</span>
          <span className="sr-only">{labels[code]}</span>
        </button>
      ))}
    </fieldset>
  );
}

const FLAG_CLASS = 'h-3.5 w-5 shrink-0 rounded-[2px]';

// Flags keep their national colours in both themes; they are decorative and carry no text.
function SwedishFlag() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 10" className={FLAG_CLASS}>
      <rect width="16" height="10" fill="#006AA7" />
      <rect x="5" width="2" height="10" fill="#FECC00" />
      <rect y="4" width="16" height="2" fill="#FECC00" />
    </svg>
  );
}

function BritishFlag() {
  const clipId = React.useId();
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 60 30"
      preserveAspectRatio="xMidYMid slice"
      className={FLAG_CLASS}
    >
      <clipPath id={clipId}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#FFFFFF" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${clipId})`} stroke="#C8102E" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#FFFFFF" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}
