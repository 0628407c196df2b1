/** An ILIKE pattern matching `search` anywhere, with the user's own wildcards taken literally. */
export function containsPattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
