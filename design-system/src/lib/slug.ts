const SLUG_PATTERN = /^[a-z0-9]+$/;

/**
 * Derives a tenant slug from its name: lowercased, with everything but a–z and 0–9 removed.
 * Letters outside ASCII (å, ä, ö, é …) are dropped rather than transliterated, as the spec asks.
 */
export function slugFromName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** True when the slug is non-empty and holds only lowercase letters a–z and digits. */
export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}
