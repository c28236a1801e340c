/*
 * The product's pictures, drawn here as SVG: what working in the catalogue looks like (an exploded
 * view with its positions and parts table, the VIN check's answer, a repair-manual page). Each
 * function takes the labels of one language (the `Pictures` messages, with what the tools answer
 * filled in by src/pictures/picture-labels.ts) and returns the file's text;
 * `npm run pictures` writes them to src/pictures/<name>.<locale>.svg, which the pages import (the
 * build gives them hashed, immutable URLs), and tests/pictures.test.tsx fails when a written file
 * differs from what this module draws. Nothing here is taken from a manufacturer's catalogue: the
 * parts, numbers and figures are made up for the picture.
 */

const INK = '#172033';
const MUTED = '#4a5568';
const BRAND = '#1f5fbf';
const BRAND_DARK = '#0f2b55';
const TINT = '#eef5ff';
const LINE = '#d9e8ff';
const ACCENT = '#f08a00';
const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif';

/** Width and height of every picture (its viewBox): the pages reserve this ratio, so nothing moves. */
export const PICTURE_SIZE = { width: 480, height: 540 };

/** @param {string} text */
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * @param {number} x @param {number} y @param {string} text
 * @param {{ size?: number, weight?: number, fill?: string, anchor?: 'start' | 'middle' | 'end' }} [style]
 */
const label = (x, y, text, { size = 13, weight = 400, fill = INK, anchor = 'start' } = {}) =>
  `<text x="${x}" y="${y}" font-size="${size}"${weight === 400 ? '' : ` font-weight="${weight}"`}${fill === INK ? '' : ` fill="${fill}"`}${anchor === 'start' ? '' : ` text-anchor="${anchor}"`}>${escape(text)}</text>`;

/** A numbered position marker, as catalogues put on their diagrams. @param {number} x @param {number} y @param {number} n */
const callout = (x, y, n) => `<circle cx="${x}" cy="${y}" r="11" fill="#fff" stroke="${BRAND}" stroke-width="2"/>${label(x, y + 4.5, String(n), { size: 12, weight: 700, fill: BRAND, anchor: 'middle' })}`;

/** A step's number, filled so that it is not read as a position. @param {number} x @param {number} y @param {number} n */
const stepMark = (x, y, n) => `<circle cx="${x}" cy="${y}" r="11" fill="${BRAND}"/>${label(x, y + 4.5, String(n), { size: 12, weight: 700, fill: '#fff', anchor: 'middle' })}`;

/** @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2 */
const leader = (x1, y1, x2, y2) => `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="${MUTED}" stroke-width="1"/>`;

/**
 * The window every picture sits in: its frame, a title bar with three dots and a breadcrumb.
 * @param {string} title accessible name of the picture (the page's alt text goes on the <img>)
 * @param {string} crumb
 * @param {string} body
 */
function frame(title, crumb, body) {
  const { width, height } = PICTURE_SIZE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${FONT}" fill="${INK}">`,
    `<title>${escape(title)}</title>`,
    `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="14" fill="#fff" stroke="${LINE}" stroke-width="2"/>`,
    `<path d="M1 15a14 14 0 0 1 14-14h${width - 30}a14 14 0 0 1 14 14v25H1z" fill="${BRAND_DARK}"/>`,
    `<circle cx="22" cy="21" r="5" fill="#ff6b5e"/><circle cx="38" cy="21" r="5" fill="#ffbe3d"/><circle cx="54" cy="21" r="5" fill="#3ccf6e"/>`,
    label(72, 26, crumb, { size: 12, fill: '#fff' }),
    body,
    '</svg>',
    '',
  ].join('');
}

/**
 * A positions table under a drawing (position, part number, name, qty; the first row picked) and
 * its note.
 * @param {{ columns: [string, string, string, string], parts: [string, string, string][], note: string }} t
 * @param {number} top
 */
function partsTable(t, top) {
  const rowHeight = 30;
  const columnsX = [28, 70, 202, 436];
  const header = [
    `<rect x="16" y="${top}" width="448" height="${rowHeight}" rx="6" fill="${BRAND_DARK}"/>`,
    ...t.columns.map((name, i) => label(columnsX[i] ?? 0, top + 20, name, { size: 12, weight: 600, fill: '#fff', anchor: i === 3 ? 'end' : 'start' })),
  ];
  const rows = t.parts.map(([number, name, qty], i) => {
    const y = top + rowHeight * (i + 1);
    const picked = i === 0;
    return [
      `<rect x="16" y="${y}" width="448" height="${rowHeight}" fill="${picked ? '#fff3e0' : i % 2 ? TINT : '#fff'}"${picked ? ` stroke="${ACCENT}" stroke-width="1.5"` : ''}/>`,
      label(columnsX[0] ?? 0, y + 20, String(i + 1), { weight: 700, fill: BRAND }),
      label(columnsX[1] ?? 0, y + 20, number, { size: 12, fill: MUTED }),
      label(columnsX[2] ?? 0, y + 20, name),
      label(columnsX[3] ?? 0, y + 20, qty, { anchor: 'end' }),
    ].join('');
  });
  const note = label(28, top + rowHeight * (t.parts.length + 1) + 26, t.note, { size: 12, fill: MUTED });
  return [...header, ...rows, note].join('');
}

/**
 * @typedef {{ title: string, crumb: string, columns: [string, string, string, string], parts: [string, string, string][], note: string }} ExplodedLabels
 * A front brake taken apart along its axle: shield, hub, disc, pads, caliper and its bolts, each
 * with its position number, and below it the positions table (position, part number, name, qty).
 * @param {ExplodedLabels} t
 */
function explodedView(t) {
  const axisY = 150;
  const drawing = [
    `<rect x="16" y="52" width="448" height="206" rx="8" fill="${TINT}"/>`,
    `<path d="M30 ${axisY}H450" stroke="${MUTED}" stroke-width="1" stroke-dasharray="6 4"/>`,
    // 6 dust shield: a thin dish, seen edge-on at a slant
    `<ellipse cx="66" cy="${axisY}" rx="14" ry="66" fill="#dfe6ef" stroke="${MUTED}" stroke-width="1.5"/>`,
    // 5 hub: a short cylinder with its wheel studs
    `<rect x="104" y="${axisY - 34}" width="40" height="68" fill="#c9d3e0" stroke="${MUTED}" stroke-width="1.5"/><ellipse cx="144" cy="${axisY}" rx="12" ry="34" fill="#e8edf4" stroke="${MUTED}" stroke-width="1.5"/><ellipse cx="104" cy="${axisY}" rx="12" ry="34" fill="#c9d3e0" stroke="${MUTED}" stroke-width="1.5"/>`,
    ...[-20, 0, 20].map((dy) => `<path d="M150 ${axisY + dy}h16" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`),
    // 1 disc: two rims and its hat
    `<ellipse cx="212" cy="${axisY}" rx="20" ry="82" fill="#b9c4d2" stroke="${MUTED}" stroke-width="1.5"/><ellipse cx="222" cy="${axisY}" rx="20" ry="82" fill="#dfe6ef" stroke="${MUTED}" stroke-width="1.5"/><ellipse cx="222" cy="${axisY}" rx="8" ry="30" fill="#c9d3e0" stroke="${MUTED}" stroke-width="1.2"/>`,
    // 3 pads: two friction blocks on their backing plates
    `<rect x="270" y="${axisY - 44}" width="12" height="60" rx="3" fill="#8a96a8" stroke="${INK}" stroke-width="1"/><rect x="282" y="${axisY - 40}" width="6" height="52" fill="#5b6576"/>`,
    `<rect x="300" y="${axisY - 40}" width="6" height="52" fill="#5b6576"/><rect x="306" y="${axisY - 44}" width="12" height="60" rx="3" fill="#8a96a8" stroke="${INK}" stroke-width="1"/>`,
    // 2 caliper: the housing with its piston bore
    `<path d="M344 ${axisY - 62}h56a14 14 0 0 1 14 14v64a14 14 0 0 1-14 14h-56z" fill="${ACCENT}" stroke="${INK}" stroke-width="1.5"/><ellipse cx="344" cy="${axisY - 16}" rx="8" ry="26" fill="#ffd9a6" stroke="${INK}" stroke-width="1.2"/>`,
    // 4 guide bolts
    ...[-52, 22].map((dy) => `<path d="M424 ${axisY + dy}h28" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><rect x="448" y="${axisY + dy - 7}" width="10" height="14" rx="2" fill="#5b6576"/>`),
    leader(66, axisY - 70, 66, 80),
    callout(66, 72, 6),
    leader(124, axisY + 38, 124, 226),
    callout(124, 236, 5),
    leader(218, axisY - 86, 218, 80),
    callout(218, 72, 1),
    leader(294, axisY + 22, 294, 226),
    callout(294, 236, 3),
    leader(380, axisY - 66, 380, 80),
    callout(380, 72, 2),
    leader(440, axisY + 34, 440, 226),
    callout(440, 236, 4),
  ];
  return frame(t.title, t.crumb, drawing.join('') + partsTable(t, 284));
}

/**
 * @typedef {{ title: string, crumb: string, vin: string, button: string, found: string, facts: [string, string][], catalogue: string, open: string }} VinLabels
 * The VIN check's answer: the VIN as typed, the verdict and the rows of details the check gives for
 * it (each its name over its value, as on a phone), the catalogue it leads to. The verdict, the
 * rows and the catalogue are the tool's own answer for this VIN (src/pictures/picture-labels.ts).
 * @param {VinLabels} t
 */
function vinAnswer(t) {
  const rowHeight = 44;
  const boxY = 124;
  const boxHeight = 62 + t.facts.length * rowHeight;
  const body = [
    `<rect x="24" y="56" width="300" height="44" rx="8" fill="#fff" stroke="${BRAND}" stroke-width="2"/>`,
    label(38, 84, t.vin, { size: 16, weight: 600 }),
    `<rect x="334" y="56" width="122" height="44" rx="8" fill="${ACCENT}"/>`,
    label(395, 83, t.button, { size: 14, weight: 700, fill: BRAND_DARK, anchor: 'middle' }),
    `<rect x="24" y="${boxY}" width="432" height="${boxHeight}" rx="10" fill="${TINT}" stroke="${LINE}"/>`,
    `<circle cx="50" cy="${boxY + 28}" r="12" fill="#3ccf6e"/><path d="M44 ${boxY + 28}l4 4 8-8" stroke="#fff" stroke-width="2.5" fill="none"/>`,
    label(72, boxY + 33, t.found, { size: 15, weight: 700, fill: BRAND_DARK }),
    ...t.facts.map(([name, value], i) => label(44, boxY + 70 + i * rowHeight, name, { size: 12, fill: MUTED }) + label(44, boxY + 88 + i * rowHeight, value, { weight: 600 })),
  ];
  const cardY = boxY + boxHeight + 16;
  body.push(
    `<rect x="24" y="${cardY}" width="432" height="84" rx="10" fill="#fff" stroke="${ACCENT}" stroke-width="2"/>`,
    label(44, cardY + 34, t.catalogue, { size: 16, weight: 700 }),
    label(44, cardY + 62, t.open, { size: 14, weight: 600, fill: BRAND }),
    `<path d="M420 ${cardY + 34}l12 10-12 10" stroke="${BRAND}" stroke-width="3" fill="none"/>`,
  );
  return frame(t.title, t.crumb, body.join(''));
}

/**
 * @typedef {{ title: string, crumb: string, heading: string, steps: string[], torqueHeading: string, torques: [string, string][] }} ManualLabels
 * A repair-manual page: the job's heading, a figure of the caliper with its bolts, the numbered
 * steps and the tightening torques.
 * @param {ManualLabels} t
 */
function manualPage(t) {
  const body = [
    label(24, 76, t.heading, { size: 17, weight: 700, fill: BRAND_DARK }),
    `<rect x="24" y="92" width="432" height="132" rx="8" fill="${TINT}"/>`,
    // the figure: a disc edge-on, the caliper over it, arrows at the two guide bolts
    `<ellipse cx="170" cy="158" rx="18" ry="56" fill="#dfe6ef" stroke="${MUTED}" stroke-width="1.5"/>`,
    `<path d="M196 112h84a14 14 0 0 1 14 14v64a14 14 0 0 1-14 14h-84z" fill="${ACCENT}" stroke="${INK}" stroke-width="1.5"/>`,
    ...[126, 190].map((y) => `<path d="M300 ${y}h40" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><path d="M366 ${y}h-18m6-6-7 6 7 6" stroke="${BRAND}" stroke-width="2.5" fill="none"/>`),
    callout(390, 126, 1),
    callout(390, 190, 1),
    ...t.steps.map((step, i) => stepMark(36, 258 + i * 38, i + 1) + label(58, 263 + i * 38, step, { size: 13 })),
  ];
  const boxY = 258 + t.steps.length * 38 - 8;
  body.push(
    `<rect x="24" y="${boxY}" width="432" height="${44 + t.torques.length * 28}" rx="8" fill="#fff3e0" stroke="${ACCENT}"/>`,
    label(40, boxY + 27, t.torqueHeading, { size: 14, weight: 700 }),
    ...t.torques.map(([what, value], i) => label(40, boxY + 56 + i * 28, what, { fill: MUTED }) + label(440, boxY + 56 + i * 28, value, { weight: 700, anchor: 'end' })),
  );
  return frame(t.title, t.crumb, body.join(''));
}

/**
 * @typedef {{ title: string, crumb: string, columns: [string, string, string, string], parts: [string, string, string][], note: string }} MachineLabels
 * A machine's diagram (its outline in the catalogue's tint, the parts in its colours) with its
 * numbered positions, over the positions table: the same page as the exploded view, for a whole
 * machine. `callouts` are [x, y] of the part and [x, y] of its number, in the table's order.
 * @param {string[]} outline
 * @param {[number, number, number, number][]} callouts
 * @returns {(t: MachineLabels) => string}
 */
const machineView = (outline, callouts) => (t) =>
  frame(
    t.title,
    t.crumb,
    [
      `<rect x="16" y="52" width="448" height="206" rx="8" fill="${TINT}"/>`,
      `<path d="M28 246H452" stroke="${MUTED}" stroke-width="1" stroke-dasharray="6 4"/>`,
      ...outline,
      ...callouts.map(([x1, y1, x2, y2], i) => leader(x1, y1, x2, y2) + callout(x2, y2, i + 1)),
      partsTable(t, 284),
    ].join(''),
  );

const PART = `fill="#c9d3e0" stroke="${MUTED}" stroke-width="1.5"`;
const DARK = `fill="#5b6576" stroke="${INK}" stroke-width="1.2"`;
const PAINT = `fill="${ACCENT}" stroke="${INK}" stroke-width="1.5"`;

/** A tracked excavator: undercarriage, house and cab, boom, stick, bucket and its cylinder. */
const excavator = machineView(
  [
    `<rect x="40" y="206" width="200" height="36" rx="18" ${DARK}/>`,
    ...[62, 104, 146, 188, 218].map((x) => `<circle cx="${x}" cy="224" r="9" fill="#c9d3e0"/>`),
    `<path d="M56 206V164h156v42z" ${PAINT}/><path d="M150 164V108h52l10 56z" ${PAINT}/><path d="M160 116h34l6 40h-40z" fill="#dfe6ef"/>`,
    `<path d="M200 166L300 84l14 12-100 84z" ${PAINT}/><path d="M300 84l84 84-12 12-84-80z" ${PAINT}/>`,
    `<path d="M228 150L314 118" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`,
    `<path d="M372 172l40 10-8 40h-44z" ${DARK}/><circle cx="378" cy="174" r="6" fill="#fff" stroke="${INK}" stroke-width="2"/>`,
  ],
  [[396, 214, 430, 232], [378, 174, 430, 150], [272, 132, 262, 72], [344, 132, 384, 80], [100, 242, 100, 268]],
);

/** A motorcycle from the side: wheels, front fork, brake disc and caliper, chain and sprockets. */
const motorcycle = machineView(
  [
    ...[112, 360].map((x) => `<circle cx="${x}" cy="200" r="44" fill="none" stroke="${INK}" stroke-width="9"/><circle cx="${x}" cy="200" r="5" fill="${INK}"/>`),
    `<circle cx="360" cy="200" r="22" ${PART}/><rect x="366" y="168" width="16" height="22" rx="4" ${PAINT}/>`,
    `<path d="M112 200L200 120h110l28 -22M200 120l30 74h-62z" fill="none" stroke="${MUTED}" stroke-width="6" stroke-linejoin="round"/>`,
    `<path d="M326 96l34 104" stroke="#8a96a8" stroke-width="10" stroke-linecap="round"/>`,
    `<path d="M178 112q40-34 96-12l-8 22h-84z" ${PAINT}/><path d="M104 112h74l-6 12h-78z" fill="${INK}"/>`,
    `<rect x="176" y="150" width="62" height="46" rx="8" ${DARK}/>`,
    `<circle cx="112" cy="200" r="18" ${PART}/><path d="M112 182L214 188M112 218l102-14" stroke="${INK}" stroke-width="2"/>`,
  ],
  [[330, 110, 290, 72], [360, 222, 410, 268], [170, 196, 160, 268], [112, 214, 60, 268], [374, 178, 420, 140]],
);

/** A tractor from the side: cab, bonnet, the big rear and small front wheels, the rear hitch. */
const tractor = machineView(
  [
    `<circle cx="140" cy="188" r="58" fill="${INK}"/><circle cx="140" cy="188" r="26" ${PART}/>`,
    `<circle cx="370" cy="212" r="34" fill="${INK}"/><circle cx="370" cy="212" r="14" ${PART}/>`,
    `<path d="M104 128V70h92v58z" ${PAINT}/><path d="M114 80h72v40h-72z" fill="#dfe6ef"/>`,
    `<path d="M196 176v-56h190l20 20v36z" ${PAINT}/><path d="M240 120V92" stroke="${INK}" stroke-width="6"/>`,
    ...[212, 228, 244].map((x) => `<path d="M${x + 150} 132v36" stroke="${INK}" stroke-width="3"/>`),
    `<rect x="286" y="128" width="26" height="40" rx="4" ${DARK}/>`,
    `<path d="M82 176H40M82 200L40 214" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><circle cx="40" cy="214" r="6" fill="#fff" stroke="${INK}" stroke-width="2"/>`,
  ],
  [[298, 132, 300, 70], [378, 150, 430, 100], [40, 214, 40, 150], [140, 246, 196, 268], [240, 96, 240, 64]],
);

/**
 * @typedef {{ title: string, crumb: string, query: string, button: string, found: string, columns: [string, string, string, string], offers: [string, string, string, string][], note: string }} InquiryLabels
 * Проценка: a part number asked, and the suppliers' offers for it (supplier, delivery, stock,
 * price), the best one picked.
 * @param {InquiryLabels} t
 */
function priceInquiry(t) {
  const columnsX = [32, 236, 330, 448];
  const top = 160;
  const rowHeight = 40;
  const row = (/** @type {string[]} */ cells, /** @type {number} */ y, /** @type {object} */ style) =>
    cells.map((cell, i) => label(columnsX[i] ?? 0, y, cell, { ...style, anchor: i === 3 ? 'end' : 'start' })).join('');
  const body = [
    `<rect x="24" y="56" width="300" height="44" rx="8" fill="#fff" stroke="${BRAND}" stroke-width="2"/>`,
    label(38, 84, t.query, { size: 16, weight: 600 }),
    `<rect x="334" y="56" width="122" height="44" rx="8" fill="${ACCENT}"/>`,
    label(395, 83, t.button, { size: 14, weight: 700, fill: BRAND_DARK, anchor: 'middle' }),
    label(24, 136, t.found, { size: 15, weight: 700, fill: BRAND_DARK }),
    `<rect x="16" y="${top}" width="448" height="${rowHeight}" rx="6" fill="${BRAND_DARK}"/>`,
    row(t.columns, top + 25, { size: 12, weight: 600, fill: '#fff' }),
    ...t.offers.map((offer, i) => {
      const y = top + rowHeight * (i + 1);
      return `<rect x="16" y="${y}" width="448" height="${rowHeight}" fill="${i === 0 ? '#fff3e0' : i % 2 ? TINT : '#fff'}"${i === 0 ? ` stroke="${ACCENT}" stroke-width="1.5"` : ''}/>` + row(offer, y + 25, { weight: i === 0 ? 700 : 400 });
    }),
    label(24, top + rowHeight * (t.offers.length + 1) + 30, t.note, { size: 12, fill: MUTED }),
  ];
  return frame(t.title, t.crumb, body.join(''));
}

/** Every picture by name, with the drawing that makes it and the messages key of its labels. */
const PICTURES = /** @type {const} */ ({
  exploded: explodedView,
  vin: vinAnswer,
  manual: manualPage,
  machine: excavator,
  moto: motorcycle,
  tractor,
  inquiry: priceInquiry,
});

/** The picture names. */
export const PICTURE_NAMES = /** @type {(keyof typeof PICTURES)[]} */ (Object.keys(PICTURES));

/** The pictures the home page shows under «Как это выглядит», in its order: working in the catalogue, the VIN check, a manual. */
export const HOME_PICTURES = /** @type {const} */ (['exploded', 'vin', 'manual']);

/**
 * Every file `npm run pictures` writes: `<name>.<locale>.svg` → its text, from each locale's
 * labels: the `Pictures` messages with what the tools answer filled in (src/pictures/picture-labels.ts).
 * @param {Record<string, Record<string, any>>} labelsByLocale
 */
export function drawnFiles(labelsByLocale) {
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const [locale, labels] of Object.entries(labelsByLocale)) {
    for (const name of PICTURE_NAMES) files.set(`${name}.${locale}.svg`, PICTURES[name](labels[name]));
  }
  return files;
}
