/** An ILIKE pattern matching `term` anywhere, with the wildcard characters of the term taken
 * literally (backslash is ILIKE's default escape), so "50%" finds "50%" and not "500". */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
