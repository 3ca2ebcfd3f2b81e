/** Lowercase letters and digits in words joined by single hyphens: a DNS label's shape, since
 * a slug names the tenant's instance address (`https://{slug}.…`). */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_LENGTH = 63;

// Latin letters that Unicode does not decompose into a base letter and a mark.
const LETTERS: Record<string, string> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };

/**
 * Derives a tenant slug from its name: letters transliterated to a–z (å, ä → a, ö → o, é → e),
 * every run of anything else one hyphen, at most 63 characters ("Åre Hälsa & Co 2" →
 * "are-halsa-co-2").
 */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[æøœßđðþłı]/g, (letter) => LETTERS[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, '');
}

/** True when the slug is 1–63 characters of lowercase letters a–z and digits, in words joined by single hyphens. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= MAX_LENGTH && SLUG_PATTERN.test(slug);
}
