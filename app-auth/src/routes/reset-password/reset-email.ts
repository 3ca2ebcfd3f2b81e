/** Session-storage key of the address a reset link was last requested for (spec §3): the
 * set-password page pre-fills it on the sign-in link. */
export const RESET_EMAIL_KEY = 'reset_email';

export function rememberResetEmail(email: string): void {
  try {
    window.sessionStorage.setItem(RESET_EMAIL_KEY, email);
  } catch {
    // Storage blocked: the sign-in page simply opens without the address filled in.
  }
}

export function rememberedResetEmail(): string | null {
  try {
    return window.sessionStorage.getItem(RESET_EMAIL_KEY);
  } catch {
    return null;
  }
}
