const ligatures: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l' };

/**
 * A text as the database's comparableText() gives it (duplicate checks: case, accents, hyphens,
 * apostrophes and spaces ignored), to tell rows of one file apart without asking the database.
 */
export function comparable(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[œæßøđł]/g, (letter) => ligatures[letter]!)
    .replace(/[^a-z0-9]+/g, '');
}
