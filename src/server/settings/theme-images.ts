import type { ThemeImageKey } from '../../shared/theme/theme.schema';
import { ApiError } from '../http/api-error';

/** The bitmap formats a theme image may have, known by their first bytes (never by name or declared type). */
export type ImageFormat = 'png' | 'jpg' | 'webp' | 'ico';

export const imageContentTypes: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

export interface ImageFacts {
  format: ImageFormat;
  width: number;
  height: number;
}

const MEGABYTE = 1024 * 1024;

interface ImageRule {
  formats: readonly ImageFormat[];
  maxBytes: number;
  /** Largest side, in pixels. */
  maxSide: number;
  /** A square of at least this side (icons). */
  squareMin?: number;
}

/** What each image may be: a browser tab's icon, a phone's home-screen icon, a logo, a background. */
export const themeImageRules: Record<ThemeImageKey, ImageRule> = {
  logo: { formats: ['png', 'jpg', 'webp'], maxBytes: 2 * MEGABYTE, maxSide: 2000 },
  favicon: { formats: ['png', 'ico'], maxBytes: MEGABYTE, maxSide: 512, squareMin: 16 },
  touchIcon: { formats: ['png'], maxBytes: MEGABYTE, maxSide: 1024, squareMin: 120 },
  backgroundImage: { formats: ['png', 'jpg', 'webp'], maxBytes: 5 * MEGABYTE, maxSide: 6000 },
  mobileBackgroundImage: { formats: ['png', 'jpg', 'webp'], maxBytes: 5 * MEGABYTE, maxSide: 6000 },
};

/** The largest upload any theme image may be (the route's body limit). */
export const MAX_THEME_IMAGE_BYTES = 5 * MEGABYTE;

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const [b0, b1, b2, b3] = [bytes[21]!, bytes[22]!, bytes[23]!, bytes[24]!];
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  return null;
}

/** The image's format and dimensions read from its bytes, or null when they are no image of a known format. */
export function readImage(bytes: Buffer): ImageFacts | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.length >= 24) {
    if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(bytes);
    return size && { format: 'jpg', ...size };
  }
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    const size = webpSize(bytes);
    return size && { format: 'webp', ...size };
  }
  // An icon directory: reserved 0, type 1, at least one image, whose width and height bytes say 256 as 0.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 22 && bytes.readUInt16LE(4) > 0) {
    return { format: 'ico', width: bytes[6] || 256, height: bytes[7] || 256 };
  }
  return null;
}

/** Whether the bytes look like an SVG (or any XML): refused, as an SVG may carry a script. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!doctype svg') || head.includes('<svg')
  );
}

/**
 * Checks an uploaded theme image: a real bitmap of a format this image accepts, within its weight and
 * dimensions; a French 400 otherwise. Gives its format for the stored name and the served type.
 */
export function checkThemeImage(image: ThemeImageKey, bytes: Buffer): ImageFacts {
  const rule = themeImageRules[image];
  if (bytes.length === 0) throw new ApiError(400, 'theme.errors.not_image');
  if (bytes.length > rule.maxBytes) {
    throw new ApiError(400, 'theme.errors.image_weight', {}, { values: { max: rule.maxBytes / MEGABYTE } });
  }
  const facts = readImage(bytes);
  if (!facts) throw new ApiError(400, looksLikeSvg(bytes) ? 'theme.errors.svg' : 'theme.errors.not_image');
  if (!rule.formats.includes(facts.format)) {
    throw new ApiError(
      400,
      'theme.errors.image_format',
      {},
      {
        values: { formats: rule.formats.map((format) => format.toUpperCase()).join(', ') },
      },
    );
  }
  const { width, height } = facts;
  if (width < 1 || height < 1 || width > rule.maxSide || height > rule.maxSide) {
    throw new ApiError(400, 'theme.errors.image_dimensions', {}, { values: { max: rule.maxSide } });
  }
  if (rule.squareMin !== undefined && (width !== height || width < rule.squareMin)) {
    throw new ApiError(400, 'theme.errors.image_square', {}, { values: { min: rule.squareMin, max: rule.maxSide } });
  }
  return facts;
}
