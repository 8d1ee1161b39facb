// Draws the site's images as SVG and writes them as small WebP files under public/, so the
// project ships only its own artwork. Run again after changing a drawing:
//   node storefront/scripts/generate-images.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

const svg = (width, height, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const sparrow = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">
    <path d="M0 20 C10 0 40 -6 60 6 L90 0 L72 16 C78 34 60 52 30 50 C14 49 2 38 0 20 Z"/>
    <circle cx="46" cy="12" r="3" fill="#1d1611"/>
  </g>`;

const tshirt = svg(
  600,
  600,
  `<rect width="600" height="600" fill="#efe6d8"/>
   <path d="M190 110 L250 90 C265 120 335 120 350 90 L410 110 L500 190 L455 250 L420 225 L420 520 L180 520 L180 225 L145 250 L100 190 Z" fill="#26211d"/>
   <path d="M250 90 C265 120 335 120 350 90" stroke="#3c342d" stroke-width="8" fill="none"/>
   <circle cx="300" cy="300" r="80" fill="none" stroke="#d9a35b" stroke-width="6"/>
   ${sparrow(252, 270, 1.05, '#d9a35b')}
   <text x="300" y="420" font-family="Georgia, serif" font-size="21" fill="#f3ead9" text-anchor="middle">WREN CALLOWAY</text>
   <text x="300" y="452" font-family="Georgia, serif" font-size="16" fill="#d9a35b" text-anchor="middle">DUST &amp; DAYLIGHT</text>`,
);

const hat = svg(
  600,
  600,
  `<rect width="600" height="600" fill="#e8ede6"/>
   <path d="M150 360 C150 220 230 160 300 160 C370 160 450 220 450 360 Z" fill="#f3ead9"/>
   <path d="M150 360 C150 250 200 190 260 170 L270 360 Z" fill="#2f4a3a"/>
   <path d="M450 360 C450 250 400 190 340 170 L330 360 Z" fill="#2f4a3a"/>
   <path d="M130 360 C200 420 400 420 470 360 C500 380 520 400 540 420 C420 470 180 470 60 420 C80 400 100 380 130 360 Z" fill="#8a4b14"/>
   <rect x="235" y="235" width="130" height="90" rx="16" fill="#8a4b14"/>
   ${sparrow(258, 258, 0.85, '#f3ead9')}
   <circle cx="300" cy="165" r="10" fill="#8a4b14"/>`,
);

const placeholder = svg(
  600,
  600,
  `<rect width="600" height="600" fill="#e4dccf"/>
   <rect x="170" y="190" width="260" height="200" rx="18" fill="none" stroke="#a39581" stroke-width="12"/>
   <circle cx="240" cy="260" r="26" fill="#a39581"/>
   <path d="M190 370 L280 290 L340 340 L380 310 L420 370 Z" fill="#a39581"/>`,
);

const portrait = svg(
  480,
  600,
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
     <stop offset="0" stop-color="#f0b46a"/><stop offset="1" stop-color="#8a4b14"/></linearGradient></defs>
   <rect width="480" height="600" fill="url(#sky)"/>
   <circle cx="240" cy="520" r="150" fill="#f7d39a" opacity="0.5"/>
   <path d="M0 470 C120 440 200 480 480 450 L480 600 L0 600 Z" fill="#4a3424"/>
   <path d="M150 210 C150 120 330 120 330 210 L350 230 L130 230 Z" fill="#3a2a1e"/>
   <ellipse cx="240" cy="232" rx="150" ry="18" fill="#3a2a1e"/>
   <ellipse cx="240" cy="290" rx="62" ry="74" fill="#e2b48a"/>
   <path d="M178 280 C170 380 160 420 140 450 L200 420 Z M302 280 C310 380 320 420 340 450 L280 420 Z" fill="#7a4b2a"/>
   <path d="M120 600 C130 430 190 380 240 380 C290 380 350 430 360 600 Z" fill="#2f4a3a"/>
   <path d="M250 430 L380 560 L365 575 L236 446 Z" fill="#c9803f"/>
   <ellipse cx="345" cy="545" rx="55" ry="40" fill="#b06a2c" transform="rotate(45 345 545)"/>`,
);

const stage = (w, h) =>
  svg(
    w,
    h,
    `<defs><radialGradient id="spot" cx="0.5" cy="0" r="1">
       <stop offset="0" stop-color="#ffe7b0" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe7b0" stop-opacity="0"/></radialGradient></defs>
     <rect width="${w}" height="${h}" fill="#1a1410"/>
     <polygon points="${w * 0.3},0 ${w * 0.15},${h} ${w * 0.55},${h}" fill="url(#spot)" opacity="0.7"/>
     <polygon points="${w * 0.7},0 ${w * 0.45},${h} ${w * 0.85},${h}" fill="url(#spot)" opacity="0.5"/>
     <rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#3a2a1e"/>
     <ellipse cx="${w * 0.5}" cy="${h * 0.45}" rx="${w * 0.045}" ry="${h * 0.08}" fill="#e2b48a"/>
     <path d="M${w * 0.42} ${h * 0.78} C${w * 0.43} ${h * 0.55} ${w * 0.46} ${h * 0.52} ${w * 0.5} ${h * 0.52} C${w * 0.54} ${h * 0.52} ${w * 0.57} ${h * 0.55} ${w * 0.58} ${h * 0.78} Z" fill="#2f4a3a"/>
     <ellipse cx="${w * 0.47}" cy="${h * 0.66}" rx="${w * 0.06}" ry="${h * 0.05}" fill="#b06a2c"/>
     <rect x="${w * 0.62}" y="${h * 0.42}" width="${w * 0.006}" height="${h * 0.36}" fill="#777"/>
     <circle cx="${w * 0.623}" cy="${h * 0.41}" r="${w * 0.012}" fill="#999"/>`,
  );

const studio = (w, h) =>
  svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#5b3b25"/>
     ${Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${(i * h) / 8}" width="${w}" height="${h / 16}" fill="#6b472d"/>`).join('')}
     <rect x="${w * 0.08}" y="${h * 0.12}" width="${w * 0.3}" height="${h * 0.4}" fill="#f3ead9" opacity="0.85"/>
     <path d="M${w * 0.55} ${h * 0.9} L${w * 0.75} ${h * 0.2} L${w * 0.78} ${h * 0.21} L${w * 0.6} ${h * 0.92} Z" fill="#3a2a1e"/>
     <ellipse cx="${w * 0.58}" cy="${h * 0.78}" rx="${w * 0.1}" ry="${h * 0.14}" fill="#c9803f"/>
     <ellipse cx="${w * 0.58}" cy="${h * 0.78}" rx="${w * 0.025}" ry="${h * 0.035}" fill="#2b2118"/>
     <rect x="${w * 0.1}" y="${h * 0.7}" width="${w * 0.3}" height="${h * 0.18}" rx="8" fill="#2b2118"/>
     <circle cx="${w * 0.18}" cy="${h * 0.79}" r="${h * 0.05}" fill="#8a4b14"/>
     <circle cx="${w * 0.32}" cy="${h * 0.79}" r="${h * 0.05}" fill="#8a4b14"/>`,
  );

const road = (w, h) =>
  svg(
    w,
    h,
    `<defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1">
       <stop offset="0" stop-color="#3d4f6b"/><stop offset="0.6" stop-color="#f0a35e"/><stop offset="1" stop-color="#f7d39a"/></linearGradient></defs>
     <rect width="${w}" height="${h}" fill="url(#dusk)"/>
     <circle cx="${w * 0.5}" cy="${h * 0.58}" r="${h * 0.12}" fill="#ffe2a8"/>
     <path d="M0 ${h * 0.6} L${w * 0.25} ${h * 0.45} L${w * 0.42} ${h * 0.6} L${w * 0.65} ${h * 0.4} L${w} ${h * 0.6} Z" fill="#5a4a5e"/>
     <rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="#6b5a3c"/>
     <polygon points="${w * 0.47},${h * 0.6} ${w * 0.53},${h * 0.6} ${w * 0.85},${h} ${w * 0.15},${h}" fill="#2b2118"/>
     ${[0.66, 0.74, 0.86].map((y, i) => `<rect x="${w * 0.5 - (i + 1) * 2}" y="${h * y}" width="${(i + 1) * 4}" height="${h * 0.04}" fill="#f3ead9"/>`).join('')}
     <rect x="${w * 0.72}" y="${h * 0.7}" width="${w * 0.2}" height="${h * 0.1}" rx="6" fill="#8a4b14"/>
     <rect x="${w * 0.76}" y="${h * 0.62}" width="${w * 0.1}" height="${h * 0.09}" rx="4" fill="#8a4b14"/>
     <circle cx="${w * 0.76}" cy="${h * 0.81}" r="${h * 0.03}" fill="#1a1410"/>
     <circle cx="${w * 0.88}" cy="${h * 0.81}" r="${h * 0.03}" fill="#1a1410"/>`,
  );

async function write(file, art, width, height) {
  const out = path.join(publicDir, file);
  mkdirSync(path.dirname(out), { recursive: true });
  await sharp(Buffer.from(art)).resize(width, height).webp({ quality: 78 }).toFile(out);
  console.log(`${file} ${width}x${height}`);
}

await write('assets/tshirt.webp', tshirt, 600, 600);
await write('assets/hat.webp', hat, 600, 600);
await write('assets/placeholder.webp', placeholder, 600, 600);
await write('assets/portrait.webp', portrait, 480, 600);
for (const [name, draw] of [
  ['live-stage', stage],
  ['studio-session', studio],
  ['on-the-road', road],
]) {
  await write(`gallery-optimized/${name}-medium.webp`, draw(600, 400), 600, 400);
  await write(`gallery-optimized/${name}-full.webp`, draw(1600, 1067), 1600, 1067);
}
