import { crc32, deflateSync } from 'node:zlib';
import { mkdir, writeFile } from 'node:fs/promises';
import { themeColorDefaults, type ThemeSettings } from '../../shared/theme/theme.schema';
import type { Database } from '../db/database';
import { storedFilePath } from '../files/stored-file';
import { saveSettings, themeSettings } from '../settings/settings';

type Rgba = readonly [number, number, number, number];

/** A PNG of these dimensions (8-bit RGBA), each pixel's colour given by `pixel`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 4);
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), start + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const green: Rgba = [27, 110, 83, 255];
const light: Rgba = [233, 245, 240, 255];
const transparent: Rgba = [0, 0, 0, 0];

/** The demo service's pictogram: a house (roof, walls, door) in its green, on a light square or on nothing. */
export function demoHousePng(size: number, background: Rgba = transparent): Buffer {
  return encodePng(size, size, (x, y) => {
    const [u, v] = [x / size, y / size];
    const roof = v >= 0.12 && v < 0.48 && Math.abs(u - 0.5) <= (v - 0.12) * 1.25;
    const walls = v >= 0.45 && v < 0.88 && u >= 0.2 && u < 0.8;
    const door = v >= 0.62 && v < 0.88 && u >= 0.43 && u < 0.57;
    return (roof || walls) && !door ? green : background;
  });
}

/** Where the demo's images go under the uploads: the paths a theme upload would have written. */
const DEMO_LOGO = 'theme/5d1b2c7e-8a34-4f61-9b0e-3c7d2a1f6e48.png';
const DEMO_FAVICON = 'theme/a3e9f0c1-6b2d-4e87-8f15-9d4c0b7a2e63.png';
const DEMO_TOUCH_ICON = 'theme/c8f2d4a6-1e3b-4c59-a7d0-6b9e8f2c1a34.png';

/** The demo service's colours: its green for buttons, links and the header; every text pair readable (4.5:1). */
export const demoThemeColors: Partial<ThemeSettings> = {
  pageBackground: '#f8fbfa',
  primaryButtonBackground: '#1b6e53',
  primaryButtonBorder: '#1b6e53',
  primaryButtonHoverBackground: '#0f4c3a',
  primaryButtonHoverBorder: '#0f4c3a',
  headerBackground: '#0f4c3a',
  headerText: '#ffffff',
  headerIcon: '#ffffff',
  headerActiveIcon: '#c3fae8',
  sideMenuSelectedBackground: '#e6f4ef',
  sideMenuSelectedText: '#0f4c3a',
  link: '#1b6e53',
  linkHover: '#0f4c3a',
  loginBackgroundColor: '#ffffff',
  loginBackgroundOpacity: 0.95,
  loginLink: '#1b6e53',
};

/** The demo service's theme: its colours, logo, favicon and touch icon (written under the uploads when given). */
export async function seedDemoTheme(db: Database, uploadsDir: string | undefined): Promise<void> {
  const images = { logo: DEMO_LOGO, favicon: DEMO_FAVICON, touchIcon: DEMO_TOUCH_ICON };
  if (uploadsDir) {
    await mkdir(storedFilePath(uploadsDir, 'theme'), { recursive: true });
    // On a light square: it stands out on the dark header as on the login page.
    await writeFile(storedFilePath(uploadsDir, DEMO_LOGO), demoHousePng(128, light));
    await writeFile(storedFilePath(uploadsDir, DEMO_FAVICON), demoHousePng(32, light));
    await writeFile(storedFilePath(uploadsDir, DEMO_TOUCH_ICON), demoHousePng(180, light));
  }
  await saveSettings(db, themeSettings, {
    ...themeSettings.defaults(),
    ...themeColorDefaults,
    ...demoThemeColors,
    ...(uploadsDir ? images : {}),
  });
}
