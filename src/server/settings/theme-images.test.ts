import { describe, expect, it } from 'vitest';
import { encodePng } from '../seed/demo-theme';
import { checkThemeImage, readImage } from './theme-images';

const riff = (chunk: string, body: number[]) => {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBP', 8, 'ascii');
  bytes.write(chunk, 12, 'ascii');
  bytes.set(body, 20);
  return bytes;
};

describe('readImage', () => {
  it('reads the format and dimensions of PNG, JPEG, WebP and ICO files from their bytes', () => {
    expect(readImage(encodePng(3, 2, () => [0, 0, 0, 255]))).toEqual({ format: 'png', width: 3, height: 2 });
    // SOI, an APP0 segment, then a baseline frame of 48 rows of 64 columns.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x30, 0x00, 0x40, 0x03,
    ]);
    expect(readImage(Buffer.concat([jpeg, Buffer.alloc(16)]))).toEqual({ format: 'jpg', width: 64, height: 48 });
    // Extended (VP8X): width and height less one, 24 bits each.
    expect(readImage(riff('VP8X', [0, 0, 0, 0, 199, 0, 0, 99, 0, 0]))).toEqual({
      format: 'webp',
      width: 200,
      height: 100,
    });
    // Lossless (VP8L): 14 bits each after the 0x2f signature.
    expect(readImage(riff('VP8L', [0x2f, 0x63, 0x40, 0x0c, 0x00]))).toEqual({ format: 'webp', width: 100, height: 50 });
    const ico = Buffer.alloc(22);
    ico.set([0, 0, 1, 0, 1, 0, 0, 0]);
    expect(readImage(ico)).toEqual({ format: 'ico', width: 256, height: 256 });
  });

  it('finds no image in text, a PDF or an SVG', () => {
    expect(readImage(Buffer.from('bonjour'))).toBeNull();
    expect(readImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(readImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('checkThemeImage', () => {
  it('tells an SVG from any other file that is no image', () => {
    expect(() => checkThemeImage('logo', Buffer.from('\uFEFF  <svg/>'))).toThrow('theme.errors.svg');
    expect(() => checkThemeImage('logo', Buffer.from('GIF89a'))).toThrow('theme.errors.not_image');
  });

  it('wants a square icon within its sizes', () => {
    const square = (size: number) => encodePng(size, size, () => [0, 0, 0, 255]);
    expect(checkThemeImage('touchIcon', square(180)).format).toBe('png');
    expect(() => checkThemeImage('touchIcon', square(64))).toThrow('theme.errors.image_square');
    expect(() => checkThemeImage('favicon', square(600))).toThrow('theme.errors.image_dimensions');
  });
});
