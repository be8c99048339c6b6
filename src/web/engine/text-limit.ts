/** The characters left; a line break counts as two, as it does once sent. Orange from limit − 20. */
export function remainingCharacters(value: string, maxLength: number): number {
  const lineBreaks = value.match(/\n/g)?.length ?? 0;
  return maxLength - value.length - lineBreaks;
}

/** The start of a text that fits in `room` characters, line breaks counting twice, never half an emoji. */
function startWithin(text: string, room: number): string {
  let used = 0;
  for (let index = 0; index < text.length; index++) {
    used += text[index] === '\n' ? 2 : 1;
    if (used > room) return text.slice(0, /[\uD800-\uDBFF]/.test(text[index - 1] ?? '') ? index - 1 : index);
  }
  return text;
}

/**
 * Spec 5: a text with a maximum length is truncated at the limit. When an edit (a paste, mostly) turns
 * `previous` into a `next` too long, what it inserted is cut to the room left, as the browser does for
 * a one-line input: the text around it stays whole.
 */
export function cutToLimit(previous: string, next: string, maxLength: number): string {
  if (remainingCharacters(next, maxLength) >= 0) return next;
  // The inserted part lies between what the edit kept of the start and of the end.
  let start = 0;
  while (start < previous.length && previous[start] === next[start]) start++;
  let end = 0;
  while (end < previous.length - start && previous.at(-1 - end) === next.at(-1 - end)) end++;
  const before = next.slice(0, start);
  const after = next.slice(next.length - end);
  const room = remainingCharacters(before + after, maxLength);
  if (room < 0) return startWithin(next, maxLength);
  return before + startWithin(next.slice(start, next.length - end), room) + after;
}
