// Generates the site's placeholder media into public/: branded flat illustrations (SVG),
// WebP renderings of them for photo slots, and two short local videos (WebM + MP4).
// Run once by hand (needs cwebp and ffmpeg: apt-get install -y webp ffmpeg); the outputs
// are committed, so builds and tests never run this. `--only=people,certificates,gallery`
// writes just those parts (every part is still drawn, so the seeded choices, and with them
// every other file, stay exactly as they were).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const PUBLIC = fileURLToPath(new URL('../public/', import.meta.url));
const NAVY = '#1d3557';
const ACCENT = '#e76f51';
const SAND = '#f4a261';
const TEAL = '#2a9d8f';
const CREAM = '#fdf6ec';
const SKINS = ['#8d5524', '#c68642', '#e0ac69', '#a86b3c', '#f1c27d', '#7a4a26'];
const HAIR = ['#1b1b1b', '#3b2314', '#2c1b10', '#4a2f1d'];
const SHIRTS = [ACCENT, TEAL, SAND, '#457b9d', '#e9c46a', '#6d597a', '#264653'];

let seed = 7;
const rnd = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
const pick = (a) => a[Math.floor(rnd() * a.length)];

const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
let part = '';
/** The part the files written next belong to. */
const section = (name) => (part = name);
const wanted = () => !ONLY || ONLY.includes(part);

function out(rel, content) {
  if (!wanted()) return;
  const file = path.join(PUBLIC, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}
const svg = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="DejaVu Sans, Arial, sans-serif">${body}</svg>`;

function webp(rel, svgText, width, quality = 72) {
  if (!wanted()) return;
  const png = new Resvg(svgText, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: true } }).render().asPng();
  const dir = mkdtempSync(path.join(tmpdir(), 'media-'));
  const tmp = path.join(dir, 'x.png');
  writeFileSync(tmp, png);
  const file = path.join(PUBLIC, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('cwebp', ['-quiet', '-q', String(quality), tmp, '-o', file]);
  rmSync(dir, { recursive: true });
}

/** A standing or seated figure; (x, y) is the bottom centre. */
function person(x, y, s = 1, o = {}) {
  const skin = o.skin ?? pick(SKINS);
  const hair = o.hair ?? pick(HAIR);
  const shirt = o.shirt ?? pick(SHIRTS);
  const long = o.long ?? rnd() > 0.5;
  const body = `<path d="M${x - 30 * s} ${y} v${-48 * s} a${30 * s} ${30 * s} 0 0 1 ${60 * s} 0 v${48 * s} z" fill="${shirt}"/>`;
  const neck = `<rect x="${x - 7 * s}" y="${y - 86 * s}" width="${14 * s}" height="${14 * s}" fill="${skin}"/>`;
  const head = `<circle cx="${x}" cy="${y - 100 * s}" r="${19 * s}" fill="${skin}"/>`;
  const hairTop = `<path d="M${x - 20 * s} ${y - 100 * s} a${20 * s} ${21 * s} 0 0 1 ${40 * s} 0 q${-20 * s} ${-8 * s} ${-40 * s} 0z" fill="${hair}"/>`;
  const hairLong = long
    ? `<path d="M${x - 20 * s} ${y - 102 * s} q${-4 * s} ${30 * s} ${4 * s} ${34 * s} v${-30 * s}z M${x + 20 * s} ${y - 102 * s} q${4 * s} ${30 * s} ${-4 * s} ${34 * s} v${-30 * s}z" fill="${hair}"/>`
    : '';
  const arm = o.wave
    ? `<path d="M${x + 26 * s} ${y - 60 * s} l${22 * s} ${-34 * s}" stroke="${shirt}" stroke-width="${11 * s}" stroke-linecap="round"/><circle cx="${x + 50 * s}" cy="${y - 97 * s}" r="${6 * s}" fill="${skin}"/>`
    : '';
  return `<g>${hairLong}${body}${arm}${neck}${head}${hairTop}</g>`;
}
const bubble = (x, y, w, h, fill = '#fff') =>
  `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2.5}" fill="${fill}"/><path d="M${x + w * 0.25} ${y + h - 2} l-8 16 l22 -16z" fill="${fill}"/><rect x="${x + 14}" y="${y + h / 2 - 9}" width="${w * 0.55}" height="6" rx="3" fill="${NAVY}" opacity=".35"/><rect x="${x + 14}" y="${y + h / 2 + 3}" width="${w * 0.35}" height="6" rx="3" fill="${NAVY}" opacity=".2"/></g>`;
const dots = (w, h, n, color, op = 0.12) =>
  Array.from(
    { length: n },
    () =>
      `<circle cx="${(rnd() * w).toFixed(0)}" cy="${(rnd() * h).toFixed(0)}" r="${(6 + rnd() * 30).toFixed(0)}" fill="${color}" opacity="${op}"/>`,
  ).join('');
const bg = (w, h, a, b) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;

function classScene(w, h, variant = 0) {
  const board = `<rect x="${w * 0.08}" y="${h * 0.1}" width="${w * 0.5}" height="${h * 0.42}" rx="10" fill="#fff"/><rect x="${w * 0.08}" y="${h * 0.1}" width="${w * 0.5}" height="${h * 0.42}" rx="10" fill="none" stroke="${NAVY}" stroke-width="6"/>`;
  const content =
    variant % 2 === 0
      ? `<polyline points="${w * 0.13},${h * 0.42} ${w * 0.23},${h * 0.33} ${w * 0.33},${h * 0.37} ${w * 0.45},${h * 0.2} ${w * 0.53},${h * 0.24}" fill="none" stroke="${ACCENT}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`
      : `<rect x="${w * 0.13}" y="${h * 0.17}" width="${w * 0.3}" height="10" rx="5" fill="${NAVY}"/><rect x="${w * 0.13}" y="${h * 0.25}" width="${w * 0.38}" height="8" rx="4" fill="${TEAL}"/><rect x="${w * 0.13}" y="${h * 0.32}" width="${w * 0.25}" height="8" rx="4" fill="${SAND}"/><circle cx="${w * 0.5}" cy="${h * 0.4}" r="${h * 0.05}" fill="${ACCENT}"/>`;
  const trainer = person(w * 0.72, h * 0.78, (h / 360) * 1.35, { wave: true });
  const seated = [0.18, 0.4, 0.62, 0.84].map((fx) => person(w * fx, h * 1.02, (h / 360) * 1.1)).join('');
  return (
    bg(w, h, '#e8eef7', '#fbe3da') +
    dots(w, h, 6, NAVY, 0.06) +
    board +
    content +
    trainer +
    `<rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="${NAVY}" opacity=".12"/>` +
    seated
  );
}
function groupScene(w, h) {
  const n = 5 + Math.floor(rnd() * 3);
  const people = Array.from({ length: n }, (_, i) =>
    person(w * (0.1 + (0.8 * i) / (n - 1)), h * (0.92 - (i % 2) * 0.04), (h / 360) * (1.15 + (i % 2) * 0.1), {
      wave: i === 1 || i === n - 2,
    }),
  ).join('');
  const banner = `<rect x="${w * 0.2}" y="${h * 0.08}" width="${w * 0.6}" height="${h * 0.16}" rx="14" fill="${NAVY}"/><rect x="${w * 0.3}" y="${h * 0.14}" width="${w * 0.4}" height="${h * 0.04}" rx="6" fill="#fff" opacity=".85"/>`;
  const confetti = Array.from(
    { length: 24 },
    () =>
      `<rect x="${(rnd() * w).toFixed(0)}" y="${(rnd() * h * 0.5).toFixed(0)}" width="8" height="14" rx="2" fill="${pick([ACCENT, SAND, TEAL, '#e9c46a'])}" transform="rotate(${(rnd() * 90).toFixed(0)} ${(rnd() * w).toFixed(0)} ${(rnd() * h * 0.5).toFixed(0)})"/>`,
  ).join('');
  return (
    bg(w, h, '#fdf0e6', '#dfe9f5') +
    confetti +
    banner +
    `<rect y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="${TEAL}" opacity=".18"/>` +
    people
  );
}
function activityScene(w, h) {
  const table = `<ellipse cx="${w / 2}" cy="${h * 0.8}" rx="${w * 0.34}" ry="${h * 0.1}" fill="${SAND}"/><rect x="${w * 0.4}" y="${h * 0.72}" width="${w * 0.08}" height="${h * 0.06}" rx="3" fill="#fff"/><rect x="${w * 0.52}" y="${h * 0.74}" width="${w * 0.07}" height="${h * 0.05}" rx="3" fill="${TEAL}" opacity=".7"/>`;
  const people = [0.18, 0.36, 0.64, 0.82]
    .map((fx, i) => person(w * fx, h * (0.78 - (i === 1 || i === 2 ? 0.06 : 0)), (h / 360) * 1.15, { wave: i === 2 }))
    .join('');
  const b = bubble(w * 0.08, h * 0.08, w * 0.28, h * 0.16) + bubble(w * 0.6, h * 0.12, w * 0.3, h * 0.15, '#fff7e8');
  const notes = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${w * (0.4 + i * 0.06)}" y="${h * (0.12 + (i % 2) * 0.06)}" width="${w * 0.05}" height="${w * 0.05}" fill="${pick(['#ffd166', '#ef8a6f', '#8ecae6'])}" transform="rotate(${i * 7 - 7} ${w * (0.42 + i * 0.06)} ${h * 0.15})"/>`,
    )
    .join('');
  return bg(w, h, '#e4f3f1', '#fbe7df') + dots(w, h, 5, ACCENT, 0.08) + b + notes + people + table;
}
function iconScene(w, h, icon, a, b) {
  const cx = w * 0.7;
  const cy = h * 0.45;
  const icons = {
    chart: `<rect x="${cx - 90}" y="${cy - 20}" width="40" height="100" rx="6" fill="${SAND}"/><rect x="${cx - 30}" y="${cy - 60}" width="40" height="140" rx="6" fill="${ACCENT}"/><rect x="${cx + 30}" y="${cy - 100}" width="40" height="180" rx="6" fill="#fff"/>`,
    heart: `<path d="M${cx} ${cy + 70} l-85 -85 a50 50 0 0 1 85 -60 a50 50 0 0 1 85 60z" fill="${ACCENT}"/>`,
    gears: `<circle cx="${cx - 40}" cy="${cy}" r="60" fill="none" stroke="#fff" stroke-width="24" stroke-dasharray="22 14"/><circle cx="${cx + 60}" cy="${cy + 50}" r="40" fill="none" stroke="${SAND}" stroke-width="18" stroke-dasharray="16 10"/>`,
    laptop: `<rect x="${cx - 110}" y="${cy - 70}" width="220" height="140" rx="10" fill="#fff"/><rect x="${cx - 130}" y="${cy + 70}" width="260" height="16" rx="6" fill="${SAND}"/><circle cx="${cx - 45}" cy="${cy - 10}" r="26" fill="${ACCENT}"/><circle cx="${cx + 45}" cy="${cy - 10}" r="26" fill="${TEAL}"/>`,
    bulb: `<circle cx="${cx}" cy="${cy - 20}" r="70" fill="#ffd166"/><rect x="${cx - 30}" y="${cy + 45}" width="60" height="40" rx="8" fill="#fff"/>`,
    podium: `<rect x="${cx - 70}" y="${cy}" width="140" height="120" rx="8" fill="#fff"/><rect x="${cx - 10}" y="${cy - 60}" width="8" height="60" fill="#fff"/><circle cx="${cx - 6}" cy="${cy - 66}" r="12" fill="${ACCENT}"/>`,
    calendar: `<rect x="${cx - 100}" y="${cy - 80}" width="200" height="170" rx="14" fill="#fff"/><rect x="${cx - 100}" y="${cy - 80}" width="200" height="44" rx="14" fill="${ACCENT}"/>${[0, 1, 2, 3].map((i) => `<rect x="${cx - 80 + i * 42}" y="${cy - 20}" width="30" height="26" rx="5" fill="${i === 1 ? TEAL : '#dfe7f1'}"/>`).join('')}`,
  };
  return bg(w, h, a, b) + dots(w, h, 6, '#fff', 0.08) + icons[icon] + person(w * 0.26, h * 0.98, (h / 360) * 1.5, { wave: true });
}
function portrait(size, o) {
  const s = size / 240;
  return svg(
    size,
    size,
    `<rect width="${size}" height="${size}" rx="${size / 2}" fill="${o.bg}"/><clipPath id="c"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></clipPath><g clip-path="url(#c)">${person(size / 2, size + 10 * s, 1.9 * s, o)}</g>`,
  );
}

// The logo (images/logo.svg) is the favicon's mark; app icons live in public/icons (scripts/generate-icons.mjs).

// Hero and course/service illustrations (SVG: crisp at any size, tiny)
section('illustrations');
seed = 11;
out('images/hero.svg', svg(560, 440, activityScene(560, 440)));
seed = 21;
out('images/course/soft-skills.svg', svg(560, 420, classScene(560, 420, 0)));
seed = 31;
out('images/services/colleges.svg', svg(560, 420, activityScene(560, 420)));
seed = 41;
out('images/services/schools.svg', svg(560, 420, groupScene(560, 420)));
seed = 51;
out('images/services/corporate.svg', svg(560, 420, classScene(560, 420, 1)));
seed = 61;
out('images/services/b2b.svg', svg(560, 420, iconScene(560, 420, 'chart', NAVY, '#457b9d')));

// Sample certificates: one per programme page, each with its own student and course.
section('certificates');
const certificateSvg = (name, course, code) =>
  svg(
    800,
    566,
    `<rect width="800" height="566" fill="${CREAM}"/><rect x="18" y="18" width="764" height="530" fill="none" stroke="${NAVY}" stroke-width="10"/><rect x="36" y="36" width="728" height="494" fill="none" stroke="${SAND}" stroke-width="3"/>
<text x="400" y="120" text-anchor="middle" font-size="44" font-weight="bold" fill="${NAVY}">Certificate of Completion</text>
<text x="400" y="170" text-anchor="middle" font-size="20" fill="#4d5869">This certifies that</text>
<text x="400" y="240" text-anchor="middle" font-size="46" font-style="italic" fill="${ACCENT}">${name}</text>
<line x1="200" y1="260" x2="600" y2="260" stroke="${NAVY}" stroke-width="2"/>
<text x="400" y="305" text-anchor="middle" font-size="20" fill="#4d5869">has successfully completed the course</text>
<text x="400" y="345" text-anchor="middle" font-size="28" font-weight="bold" fill="${NAVY}">${course}</text>
<text x="400" y="385" text-anchor="middle" font-size="18" fill="#4d5869">meeting the 60% completion criteria</text>
<circle cx="640" cy="450" r="50" fill="${ACCENT}"/><circle cx="640" cy="450" r="38" fill="none" stroke="#fff" stroke-width="3"/><text x="640" y="458" text-anchor="middle" font-size="22" font-weight="bold" fill="#fff">60%</text>
<text x="160" y="470" font-size="18" font-weight="bold" fill="${NAVY}">SkillUp Soft Skills Academy</text><text x="160" y="495" font-size="14" fill="#4d5869">New Delhi · Verification code ${code}</text>`,
  );
const certificates = {
  'soft-skills': ['Priya Nair', 'Soft Skill For Students', 'SKU-2025-0412'],
  'skill-for-colleges': ['Rohit Bansal', 'Skill for Colleges', 'SKU-2025-0733'],
  'skill-for-schools': ['Aditi Rao', 'Skill for Schools', 'SKU-2025-0518'],
  'corporate-training': ['Karan Mehra', 'Corporate Training for Freshers', 'SKU-2025-0906'],
  'b2b-outsourcing': ['Neha Joshi', 'B2B Soft Skills Programme', 'SKU-2025-1121'],
};
for (const [slug, [name, course, code]] of Object.entries(certificates))
  out(`images/certificates/${slug}.svg`, certificateSvg(name, course, code));

// People
section('people');
seed = 71;
const people = {
  priya: { bg: '#fde2d8', long: true },
  arjun: { bg: '#dbe7f5', long: false },
  sana: { bg: '#e0f2ef', long: true },
  rahul: { bg: '#fbeed8', long: false },
  meera: { bg: '#e9e0f2', long: true },
  anil: { bg: '#dbe7f5', long: false },
  kavita: { bg: '#fde2d8', long: true },
  farhan: { bg: '#e0f2ef', long: false },
  ananya: { bg: '#fbe3da', long: true, shirt: NAVY },
  rohan: { bg: '#dfe9f5', long: false, shirt: ACCENT },
  // Added later, after the others, so their portraits keep their draws.
  sunita: { bg: '#e0f2ef', long: true },
  deepak: { bg: '#fbeed8', long: false },
  lata: { bg: '#e9e0f2', long: true },
  vikram: { bg: '#dbe7f5', long: false, shirt: NAVY },
  shalini: { bg: '#fde2d8', long: true },
  manish: { bg: '#e0f2ef', long: false },
  rekha: { bg: '#fbe3da', long: true, shirt: TEAL },
  sameer: { bg: '#dfe9f5', long: false },
};
for (const [name, o] of Object.entries(people))
  out(`images/people/${name}.svg`, portrait(240, { skin: pick(SKINS), hair: pick(HAIR), shirt: o.shirt ?? pick(SHIRTS), ...o }));

// Partner logos
section('logos');
const logoNames = [
  'Nimbus Tech',
  'Saffron Bank',
  'Orbit Logistics',
  'Lotus Health',
  'Peak Analytics',
  'Banyan Retail',
  'Indigo Foods',
  'Vertex Motors',
  'Ganga Telecom',
];
const shapes = [
  (c) => `<circle cx="26" cy="30" r="16" fill="${c}"/><circle cx="36" cy="24" r="10" fill="${c}" opacity=".6"/>`,
  (c) => `<rect x="10" y="14" width="32" height="32" rx="8" fill="${c}"/>`,
  (c) => `<circle cx="26" cy="30" r="16" fill="none" stroke="${c}" stroke-width="5"/><circle cx="40" cy="18" r="5" fill="${c}"/>`,
  (c) => `<path d="M26 12 q14 18 0 36 q-14 -18 0 -36z" fill="${c}"/>`,
  (c) => `<path d="M8 46 l14 -26 l10 14 l8 -10 l10 22z" fill="${c}"/>`,
  (c) => `<path d="M26 12 v36 M12 28 h28" stroke="${c}" stroke-width="7" stroke-linecap="round"/>`,
  (c) => `<rect x="10" y="16" width="34" height="28" rx="14" fill="${c}"/>`,
  (c) => `<path d="M10 16 l16 30 l16 -30z" fill="${c}"/>`,
  (c) =>
    `<path d="M14 44 a18 18 0 0 1 24 -26 M20 44 a11 11 0 0 1 14 -16" fill="none" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`,
];
const logoColors = [NAVY, '#b5452a', '#2a6f97', '#1f7a4d', '#6d597a', '#264653', '#3d405b', '#9c2f2f', '#1d6f6a'];
logoNames.forEach((name, i) =>
  out(
    `images/logos/logo-${i + 1}.svg`,
    svg(160, 60, `${shapes[i](logoColors[i])}<text x="52" y="36" font-size="15" font-weight="bold" fill="${logoColors[i]}">${name}</text>`),
  ),
);

// Blog images (WebP)
section('blog');
const blogArt = {
  'top-soft-skills-2025-2026': ['chart', NAVY, '#457b9d'],
  'emotional-intelligence-at-work': ['heart', '#264653', TEAL],
  'adaptability-in-a-changing-workplace': ['gears', '#6d597a', '#457b9d'],
  'digital-communication-etiquette': ['laptop', NAVY, '#2a6f97'],
  'critical-thinking-for-students': ['bulb', '#3d405b', NAVY],
  'public-speaking-for-beginners': ['podium', '#9c4a2f', ACCENT],
  'card-placement-season': ['calendar', NAVY, '#264653'],
  'card-free-tuesday': ['laptop', '#b5452a', SAND],
  'card-eq-workshop': ['heart', NAVY, '#6d597a'],
  'sub-adaptability': ['calendar', '#264653', TEAL],
  'sub-eq-habits': ['bulb', '#6d597a', ACCENT],
  'sub-video-call': ['laptop', '#2a6f97', NAVY],
};
seed = 91;
for (const [id, [icon, a, b]] of Object.entries(blogArt))
  webp(`images/blog/${id}.webp`, svg(800, 450, iconScene(800, 450, icon, a, b)), 800, 70);

// Gallery: 40 scenes, category order Activity, Group, Class, each drawn after its caption
// in pwa/content/gallery.ts (scene = captions[floor(i / 3) % count]) on a palette of its
// own, so no two neighbours look alike.
section('gallery');
const PALETTES = [
  ['#e4f3f1', '#fbe7df'],
  ['#fdf0e6', '#dfe9f5'],
  ['#e8eef7', '#fbe3da'],
  ['#f3ecfa', '#e0f2ef'],
  ['#fff4d6', '#e3eefc'],
  ['#e6f4ea', '#fde8e0'],
  ['#fde2e4', '#e2ecf9'],
  ['#e9f5db', '#f6e7d8'],
];
const withBg = (w, h, [a, b2], body) => bg(w, h, a, b2) + dots(w, h, 5, pick([ACCENT, NAVY, TEAL]), 0.07) + body;
const table = (w, h, y, fill = SAND) => `<rect x="${w * 0.2}" y="${h * y}" width="${w * 0.6}" height="${h * 0.06}" rx="6" fill="${fill}"/>`;
function interviewScene(w, h, pal) {
  const papers = `<rect x="${w * 0.44}" y="${h * 0.62}" width="${w * 0.05}" height="${h * 0.04}" fill="#fff"/><rect x="${w * 0.5}" y="${h * 0.61}" width="${w * 0.05}" height="${h * 0.05}" fill="#fff"/>`;
  return withBg(
    w,
    h,
    pal,
    person(w * 0.3, h * 0.72, (h / 360) * 1.25) +
      person(w * 0.7, h * 0.72, (h / 360) * 1.25, { wave: true }) +
      table(w, h, 0.66) +
      papers +
      bubble(w * 0.56, h * 0.08, w * 0.3, h * 0.15),
  );
}
function debateScene(w, h, pal) {
  const podium = (x, c) =>
    `<rect x="${x}" y="${h * 0.52}" width="${w * 0.16}" height="${h * 0.3}" rx="6" fill="${c}"/><rect x="${x + w * 0.07}" y="${h * 0.44}" width="4" height="${h * 0.08}" fill="${NAVY}"/>`;
  const audience = Array.from(
    { length: 7 },
    (_, i) => `<circle cx="${w * (0.08 + i * 0.14)}" cy="${h * 0.97}" r="${h * 0.06}" fill="${NAVY}" opacity=".35"/>`,
  ).join('');
  return withBg(
    w,
    h,
    pal,
    person(w * 0.22, h * 0.62, (h / 360) * 1.1, { wave: true }) +
      person(w * 0.78, h * 0.62, (h / 360) * 1.1) +
      podium(w * 0.14, ACCENT) +
      podium(w * 0.7, TEAL) +
      audience,
  );
}
function posterScene(w, h, pal) {
  const board = `<rect x="${w * 0.42}" y="${h * 0.1}" width="${w * 0.5}" height="${h * 0.5}" rx="8" fill="#fff" stroke="${NAVY}" stroke-width="5"/>${[0, 1, 2, 3].map((i) => `<rect x="${w * (0.48 + i * 0.1)}" y="${h * (0.48 - 0.07 * (i + 1))}" width="${w * 0.06}" height="${h * 0.07 * (i + 1)}" fill="${[ACCENT, SAND, TEAL, NAVY][i]}"/>`).join('')}`;
  return withBg(
    w,
    h,
    pal,
    board +
      person(w * 0.26, h * 0.9, (h / 360) * 1.3, { wave: true }) +
      person(w * 0.6, h * 1.04, (h / 360) * 1.05) +
      person(w * 0.82, h * 1.04, (h / 360) * 1.05),
  );
}
function lawnScene(w, h, pal) {
  const sun = `<circle cx="${w * 0.85}" cy="${h * 0.16}" r="${h * 0.08}" fill="#ffd166"/>`;
  const lawn = `<ellipse cx="${w / 2}" cy="${h * 1.05}" rx="${w * 0.75}" ry="${h * 0.42}" fill="#8ecf9b"/>`;
  const ring = Array.from({ length: 6 }, (_, i) =>
    person(w * (0.14 + i * 0.145), h * (0.86 - Math.sin((i / 5) * Math.PI) * 0.12), (h / 360) * 0.95, { wave: i % 3 === 0 }),
  ).join('');
  return withBg(w, h, pal, sun + lawn + ring);
}
function towerScene(w, h, pal) {
  const blocks = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${w * (0.44 + (i % 2) * 0.02)}" y="${h * (0.62 - i * 0.08)}" width="${w * 0.1}" height="${h * 0.07}" fill="${pick(['#fff', '#ffd166', '#8ecae6'])}" stroke="${NAVY}" stroke-width="2"/>`,
  ).join('');
  return withBg(
    w,
    h,
    pal,
    person(w * 0.22, h * 0.8, (h / 360) * 1.15, { wave: true }) +
      person(w * 0.78, h * 0.8, (h / 360) * 1.15) +
      table(w, h, 0.69) +
      blocks +
      `<circle cx="${w * 0.14}" cy="${h * 0.16}" r="${h * 0.07}" fill="#fff"/><path d="M${w * 0.14} ${h * 0.16} l0 -${h * 0.05} M${w * 0.14} ${h * 0.16} l${h * 0.04} 0" stroke="${NAVY}" stroke-width="3"/>`,
  );
}
function screenScene(w, h, pal) {
  const faces = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${w * (0.47 + (i % 3) * 0.15)}" y="${h * (0.14 + Math.floor(i / 3) * 0.2)}" width="${w * 0.13}" height="${h * 0.17}" rx="4" fill="${pick(['#dbe7f5', '#fde2d8', '#e0f2ef'])}"/><circle cx="${w * (0.535 + (i % 3) * 0.15)}" cy="${h * (0.21 + Math.floor(i / 3) * 0.2)}" r="${h * 0.035}" fill="${pick(SKINS)}"/>`,
  ).join('');
  const screen = `<rect x="${w * 0.44}" y="${h * 0.1}" width="${w * 0.5}" height="${h * 0.46}" rx="8" fill="${NAVY}"/>${faces}`;
  return withBg(
    w,
    h,
    pal,
    screen +
      person(w * 0.22, h * 0.86, (h / 360) * 1.3, { wave: true }) +
      `<rect y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="${NAVY}" opacity=".1"/>`,
  );
}
const classLike = (variant) => (w, h, pal) =>
  classScene(w, h, variant)
    .replace(/stop-color="#e8eef7"/, `stop-color="${pal[0]}"`)
    .replace(/stop-color="#fbe3da"/, `stop-color="${pal[1]}"`);
const groupLike = (w, h, pal) =>
  groupScene(w, h)
    .replace(/stop-color="#fdf0e6"/, `stop-color="${pal[0]}"`)
    .replace(/stop-color="#dfe9f5"/, `stop-color="${pal[1]}"`);
const activityLike = (w, h, pal) =>
  activityScene(w, h)
    .replace(/stop-color="#e4f3f1"/, `stop-color="${pal[0]}"`)
    .replace(/stop-color="#fbe7df"/, `stop-color="${pal[1]}"`);
const GALLERY_SCENES = {
  // Activity: trust game, role play call, mock interview, paper tower, debate, poster, icebreaker
  0: [lawnScene, activityLike, interviewScene, towerScene, debateScene, posterScene, lawnScene],
  // Group: certificates, mentors, school showcase, fresher batch, volunteers, placements
  1: [groupLike, groupLike, posterScene, groupLike, lawnScene, groupLike],
  // Class: live session, notes, whiteboard, hybrid, small batch, presentation, emails
  2: [classLike(0), classLike(1), classLike(0), screenScene, activityLike, debateScene, screenScene],
};
seed = 101;
for (let i = 0; i < 40; i++) {
  const scenes = GALLERY_SCENES[i % 3];
  const draw = scenes[Math.floor(i / 3) % scenes.length];
  const body = draw(480, 360, PALETTES[(i * 5) % PALETTES.length]);
  webp(`images/gallery/g${String(i + 1).padStart(2, '0')}.webp`, svg(480, 360, body), 480, 62);
}

// Video posters (9:16) and the two videos
section('videos');
const posterSvg = (o, label) =>
  svg(
    360,
    640,
    `${bg(360, 640, o.a, o.b)}${dots(360, 640, 8, '#fff', 0.08)}<text x="180" y="110" text-anchor="middle" font-size="64" fill="#fff" opacity=".9">“</text>${label ? `<text x="180" y="170" text-anchor="middle" font-size="26" font-weight="bold" fill="#fff">${label}</text>` : ''}<g transform="translate(0 40)">${person(180, 640, 2.6, { wave: true })}</g>`,
  );
seed = 121;
const posterColors = [
  [NAVY, '#457b9d'],
  ['#264653', TEAL],
  ['#6d597a', ACCENT],
  ['#9c4a2f', SAND],
  [NAVY, ACCENT],
  ['#2a6f97', '#264653'],
  ['#3d405b', '#6d597a'],
];
posterColors.forEach(([a, b], i) => webp(`images/videos/v${i + 1}.webp`, posterSvg({ a, b }, ''), 240, 70));

function video(name, frames, fps, width) {
  if (!wanted()) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'frames-'));
  frames.forEach((f, i) =>
    writeFileSync(
      path.join(dir, `f${String(i).padStart(4, '0')}.png`),
      new Resvg(f, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: true } }).render().asPng(),
    ),
  );
  const input = ['-y', '-loglevel', 'error', '-framerate', String(fps), '-i', path.join(dir, 'f%04d.png')];
  mkdirSync(path.join(PUBLIC, 'video'), { recursive: true });
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-pix_fmt',
    'yuv420p',
    '-an',
    path.join(PUBLIC, `video/${name}.webm`),
  ]);
  execFileSync('ffmpeg', [
    ...input,
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-preset',
    'slow',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    path.join(PUBLIC, `video/${name}.mp4`),
  ]);
  rmSync(dir, { recursive: true });
}
const introLines = ['Speak with confidence', 'Work with anyone', 'Get hired', 'SkillUp Soft Skills Academy'];
function introFrame(t) {
  const line = introLines[Math.min(introLines.length - 1, Math.floor(t / 1.5))];
  const local = (t % 1.5) / 1.5;
  const y = 210 - Math.min(1, local * 3) * 20;
  seed = 131;
  return svg(
    360,
    640,
    `${bg(360, 640, NAVY, '#457b9d')}${dots(360, 640, 8, '#fff', 0.07)}<circle cx="${60 + t * 40}" cy="520" r="90" fill="${ACCENT}" opacity=".25"/><text x="180" y="${y}" text-anchor="middle" font-size="26" font-weight="bold" fill="#fff" opacity="${Math.min(1, local * 3)}">${line}</text>${activityMini(t)}`,
  );
}
function activityMini(t) {
  seed = 141;
  const bob = Math.sin(t * 3) * 6;
  return `<g transform="translate(0 ${bob.toFixed(1)})">${person(110, 600, 1.5, { wave: true, shirt: ACCENT })}</g>${person(250, 600, 1.5, { shirt: SAND })}${bubble(150, 300 - bob, 170, 70)}`;
}
const FPS = 12;
video(
  'intro',
  Array.from({ length: 6 * FPS }, (_, i) => introFrame(i / FPS)),
  FPS,
  360,
);
webp('video/intro-poster.webp', introFrame(0.6), 360, 70);
seed = 151;
video(
  'testimonial',
  Array.from({ length: 4 * FPS }, (_, i) => {
    const t = i / FPS;
    seed = 161;
    return svg(
      360,
      640,
      `${bg(360, 640, '#264653', TEAL)}<text x="180" y="150" text-anchor="middle" font-size="24" font-weight="bold" fill="#fff">“The mock interviews</text><text x="180" y="185" text-anchor="middle" font-size="24" font-weight="bold" fill="#fff">changed everything.”</text><g transform="translate(0 ${(Math.sin(t * 4) * 5).toFixed(1)})">${person(180, 680, 2.6, { wave: t % 2 < 1 })}</g>`,
    );
  }),
  FPS,
  360,
);
console.log('media written to public/');
