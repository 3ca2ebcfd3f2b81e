import type { PasswordResetLink } from '@helios/api';

/** Spec §2: the links sorted alphabetically by email (case-insensitive, stable for equal emails). */
export function sortResetLinks(links: readonly PasswordResetLink[]): PasswordResetLink[] {
  return [...links].sort((a, b) => a.email.localeCompare(b.email, 'en', { sensitivity: 'base' }));
}

/** The links whose email contains the term (case-insensitive); a blank term keeps all. */
export function filterResetLinks(links: readonly PasswordResetLink[], term: string): PasswordResetLink[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return [...links];
  return links.filter((link) => link.email.toLowerCase().includes(needle));
}
