// Renders the app icons (any-purpose, maskable, Apple touch) from one SVG mark with resvg.
// Run once when the mark changes (`node scripts/generate-icons.mjs`); outputs are committed.
import { writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const NAVY = '#1d3557';
const ACCENT = '#e76f51';
const GOLD = '#f4a261';

// The mark on a 100×100 grid: a rising line ending in a dot, the brand's "growth" sign.
const mark = `<path d="M28 66 l16 -16 l10 10 l20 -24" fill="none" stroke="${ACCENT}" stroke-width="10"
  stroke-linecap="round" stroke-linejoin="round"/><circle cx="74" cy="32" r="7" fill="${GOLD}"/>`;

// Any-purpose: rounded square. Maskable: full bleed, mark inside the 80% safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="22" fill="${NAVY}"/>${mark}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${NAVY}"/>
  <g transform="translate(15 15) scale(0.7)">${mark}</g></svg>`;

function png(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), png(any, 192));
writeFileSync(new URL('icon-512.png', out), png(any, 512));
writeFileSync(new URL('maskable-512.png', out), png(maskable, 512));
writeFileSync(new URL('apple-touch-icon-180.png', out), png(maskable, 180));
console.log('icons written to public/icons/');
