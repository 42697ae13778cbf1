// Draws the extension's icon (images/icon.png, 128 x 128, the size the Marketplace and VS Code show): a
// blue rounded square with a white check mark over three lines of a manifest. Drawn here, pixel by pixel with
// 4 x 4 samples per pixel for smooth edges, and written as a PNG with Node's zlib: no image tool needed, and
// the same bytes every time (test/package/vsix.test.ts fails when the committed file differs).
// `node scripts/icon.mjs` writes it; `node scripts/icon.mjs --check` only compares.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export const ICON = join(dirname(fileURLToPath(import.meta.url)), '..', 'images', 'icon.png');
const SIZE = 128;
const SAMPLES = 4;
const BLUE = [50, 108, 229];
const WHITE = [255, 255, 255];
const PALE = [173, 198, 245];

/** Distance from point p to the segment a-b. */
function segmentDistance(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x, y, margin, radius) {
  const low = margin + radius;
  const high = SIZE - margin - radius;
  const cx = Math.max(low, Math.min(high, x));
  const cy = Math.max(low, Math.min(high, y));
  return Math.hypot(x - cx, y - cy) <= radius;
}

/** The colour at a point, or undefined where the icon is transparent; later shapes paint over earlier ones. */
function colourAt(x, y) {
  if (!insideRoundedSquare(x, y, 6, 22)) return undefined;
  // The check mark, with a blue border so that it stands clear of the lines behind it.
  const check = Math.min(segmentDistance(x, y, [40, 70], [58, 90]), segmentDistance(x, y, [58, 90], [96, 42]));
  if (check <= 7.5) return WHITE;
  if (check <= 13) return BLUE;
  // Three lines of a manifest: `key: value` bars at their indentation.
  for (const [x0, x1, row] of [[26, 70, 32], [36, 84, 50], [36, 62, 68]]) {
    if (segmentDistance(x, y, [x0, row], [x1, row]) <= 4) return PALE;
  }
  return BLUE;
}

/** RGBA pixels, each the average of its samples (transparent samples count as nothing). */
function pixels() {
  const data = Buffer.alloc(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          if (!colour) continue;
          covered++;
          for (let c = 0; c < 3; c++) sum[c] += colour[c];
        }
      }
      const at = (py * SIZE + px) * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) data[at + c] = Math.round(sum[c] / covered);
      data[at + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
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

/** The icon as PNG bytes: 8-bit RGBA, no filter, one IDAT. */
export function iconPng() {
  const rgba = pixels();
  const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) rgba.copy(rows, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const png = iconPng();
  if (process.argv.includes('--check')) {
    let committed;
    try {
      committed = readFileSync(ICON);
    } catch {
      committed = undefined;
    }
    if (!committed?.equals(png)) {
      console.error(`${ICON} is not what scripts/icon.mjs draws: run node scripts/icon.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(ICON, png);
  }
}
