import * as React from 'react';
import { cn } from '../../lib/cn';
import {
  checkPassword,
  type PasswordCheck,
  type PasswordPolicy,
  SIGN_IN_PASSWORD_POLICY,
} from '../../lib/password-rules';

type PasswordRule = Exclude<keyof PasswordCheck, 'valid'>;

export type PasswordChecklistLabels = Record<PasswordRule | 'mismatch', string>;

const DEFAULT_LABELS: Omit<PasswordChecklistLabels, 'minLength'> = {
  uppercase: 'An uppercase letter',
  special: 'A special character',
  digit: 'A digit',
  matches: 'Passwords match',
  mismatch: 'Passwords do not match',
};

/** The rules a policy asks for, in the order they are listed. */
function rulesOf(policy: PasswordPolicy): PasswordRule[] {
  const classes = (['uppercase', 'special', 'digit'] as const).filter((rule) => policy[rule]);
  return ['minLength', ...classes, 'matches'];
}

export type PasswordChecklistProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The new password as typed. */
  password: string;
  /** The repeated password as typed. */
  repeat: string;
  /** The rules listed: the sign-in flow's by default (`SIGN_IN_PASSWORD_POLICY`); a rule the
   * policy does not ask for is not shown. */
  policy?: PasswordPolicy;
  /** Texts of the rules and of the mismatch message; English by default. */
  labels?: Partial<PasswordChecklistLabels>;
  /** Whether the checklist says "do not match" below its rules while the repeat differs (the
   * default); off while the form shows that message on the repeat field itself. */
  showMismatch?: boolean;
  /** Word read by screen readers after a rule that holds. */
  metLabel?: string;
  /** Word read by screen readers after a rule that does not hold yet. */
  unmetLabel?: string;
  /** Called with the overall validity when it changes (and once on mount), e.g. to enable submit. */
  onValidityChange?: (valid: boolean) => void;
};

/** The live checklist of a new password: each rule of its policy ticks as the password changes. */
export function PasswordChecklist({
  password,
  repeat,
  policy = SIGN_IN_PASSWORD_POLICY,
  labels,
  showMismatch = true,
  metLabel = 'met',
  unmetLabel = 'not met',
  onValidityChange,
  className,
  ...props
}: PasswordChecklistProps) {
  const texts = { minLength: `At least ${policy.minLength} characters`, ...DEFAULT_LABELS, ...labels };
  const check = checkPassword(password, repeat, policy);
  const mismatch = showMismatch && repeat.length > 0 && repeat !== password;

  const reportedValidity = React.useRef<boolean | null>(null);
  React.useEffect(() => {
    // Reports changes only, so a parent that re-renders on every keystroke is not called each time.
    if (reportedValidity.current === check.valid) return;
    reportedValidity.current = check.valid;
    onValidityChange?.(check.valid);
  }, [check.valid, onValidityChange]);

  return (
    <div data-slot="password-checklist" className={cn('grid gap-2 text-sm', className)} {...props}>
      <ul data-slot="password-checklist-list" aria-live="polite" className="grid gap-1.5">
        {rulesOf(policy).map((rule) => (
          <li
            key={rule}
            data-slot="password-checklist-item"
            data-rule={rule}
            data-state={check[rule] ? 'met' : 'unmet'}
            className="flex items-center gap-2 text-muted-foreground data-[state=met]:text-success"
          >
            {check[rule] ? <MetIcon /> : <UnmetIcon />}
            <span>{texts[rule]}</span>
            {/* The comma gives screen readers a pause between the rule and its state. */}
            <span className="sr-only">{`, ${check[rule] ? metLabel : unmetLabel}`}</span>
          </li>
        ))}
      </ul>
      {mismatch ? (
        <p data-slot="password-checklist-mismatch" role="alert" className="font-medium text-destructive">
          {texts.mismatch}
        </p>
      ) : null}
    </div>
  );
}

function MetIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0" fill="none">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path
        d="m5 8.2 2 2 4-4.4"
        className="stroke-card"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function UnmetIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0" fill="none">
      <circle cx="8" cy="8" r="6.25" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
