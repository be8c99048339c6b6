/**
 * A page's Open Graph data (https://ogp.me): what a press article says of itself in its <meta>
 * tags, read with a small parser of those tags alone (no script runs, nothing else is read).
 */
export interface OpenGraph {
  title: string | null;
  description: string | null;
  /** The publication day, "2026-03-14". */
  publicationDate: string | null;
  /** The image's absolute address. */
  image: string | null;
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  acirc: 'â',
  ccedil: 'ç',
  ocirc: 'ô',
  ucirc: 'û',
  ugrave: 'ù',
  icirc: 'î',
  iuml: 'ï',
  euml: 'ë',
  rsquo: '’',
  lsquo: '‘',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  Eacute: 'É',
};

/** Text with its HTML character references resolved. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[entity] ?? whole;
  });
}

/** A tag's attributes, names lowercased, values decoded. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** A text as shown: spaces collapsed, trimmed, cut at `max` characters; null when empty. */
const clean = (value: string | undefined, max: number): string | null => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, max);
};

/** The day of a date written as ISO 8601 (with or without its time), or null. */
function dayOf(value: string | undefined): string | null {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && year <= 2999 ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** Only what the page's head may hold: a page's body is not read past this. */
const HEAD_LIMIT = 512 * 1024;

/** The Open Graph data of a page's HTML, the page's <title> and description standing in; `base` resolves the image. */
export function parseOpenGraph(html: string, base: URL): OpenGraph {
  const head = html.slice(0, HEAD_LIMIT);
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const key = (attributes.get('property') ?? attributes.get('name') ?? attributes.get('itemprop'))?.toLowerCase();
    const content = attributes.get('content');
    // The first of each wins: a page's own tags come before those of embedded content.
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => clean(value, 1) !== null);
  const imageText = clean(first('og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image'), 2048);
  let image: string | null = null;
  if (imageText) {
    try {
      const resolved = new URL(imageText, base);
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') image = resolved.href;
    } catch {
      image = null;
    }
  }
  return {
    title: clean(first('og:title', 'twitter:title') ?? decodeEntities(titleTag ?? ''), 255),
    description: clean(first('og:description', 'description', 'twitter:description'), 5000),
    publicationDate: dayOf(
      first('article:published_time', 'og:article:published_time', 'datepublished', 'date', 'dc.date', 'pubdate'),
    ),
    image,
  };
}

/** The text of a page's bytes, in the charset its content type or its <meta charset> says (UTF-8 otherwise). */
export function decodePage(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
