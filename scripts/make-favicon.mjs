/**
 * Draws the site's icon (a cream "W" on the dark brown of the theme) as shell/public/favicon.svg
 * and, for browsers and crawlers that ask for /favicon.ico, as a 16, 32 and 48 px ICO holding
 * PNGs. Run again after changing the shape below: `node scripts/make-favicon.mjs`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const BACKGROUND = [0x2b, 0x21, 0x18];
const INK = [0xf7, 0xef, 0xe2];
/** In a 64-unit square. */
const CORNER = 14;
const STROKE = 6;
const W = [
  [14, 18],
  [23, 46],
  [32, 26],
  [41, 46],
  [50, 18],
];

const out = path.join(import.meta.dirname, '..', 'shell', 'public');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${CORNER}" fill="#${hex(BACKGROUND)}"/><path d="M${W.map(([x, y]) => `${x} ${y}`).join(' L')}" fill="none" stroke="#${hex(INK)}" stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;

function hex(rgb) {
  return rgb.map((c) => c.toString(16).padStart(2, '0')).join('');
}

function insideRoundedSquare(x, y) {
  const cx = Math.min(Math.max(x, CORNER), 64 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 64 - CORNER);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2 && x >= 0 && y >= 0 && x <= 64 && y <= 64;
}

function distanceToW(x, y) {
  let best = Infinity;
  for (let i = 1; i < W.length; i++) {
    const [ax, ay] = W[i - 1];
    const [bx, by] = W[i];
    const t = Math.max(
      0,
      Math.min(
        1,
        ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2),
      ),
    );
    best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
  }
  return best;
}

/** RGBA pixels of the icon at `size` px, each averaged over 4 x 4 samples. */
function pixels(size) {
  const data = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 64) / size;
          const y = ((py + (sy + 0.5) / samples) * 64) / size;
          if (!insideRoundedSquare(x, y)) continue;
          const colour = distanceToW(x, y) <= STROKE / 2 ? INK : BACKGROUND;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      data[i] = a ? Math.round(r / a) : 0;
      data[i + 1] = a ? Math.round(g / a) : 0;
      data[i + 2] = a ? Math.round(b / a) : 0;
      data[i + 3] = Math.round((a / samples ** 2) * 255);
    }
  }
  return data;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rgba = pixels(size);
  // Each row starts with filter type 0 (none).
  const rows = Buffer.concat(
    Array.from({ length: size }, (_, y) =>
      Buffer.concat([Buffer.from([0]), rgba.subarray(y * size * 4, (y + 1) * size * 4)]),
    ),
  );
  return {
    size,
    data: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  };
}

/** An ICO file whose images are PNGs (read by every browser since Windows Vista's format). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header[entry] = size % 256;
    header[entry + 1] = size % 256;
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

writeFileSync(path.join(out, 'favicon.svg'), svg);
writeFileSync(path.join(out, 'favicon.ico'), ico([16, 32, 48].map((size) => png(size))));
