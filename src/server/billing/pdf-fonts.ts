import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/*
 * The invoice's typeface: DejaVu Sans (regular and bold) from the `dejavu-fonts-ttf` package, a
 * dependency, so the production tree has it. Found the way Node finds a package, never by a path
 * into node_modules written here. The bundler must leave these calls to run time (it would try to
 * bundle a .ttf as a module); there `import.meta.url` is this file's place under the project's
 * root, so dev, tests and the built tree each resolve from their own node_modules.
 *
 * Each face is read and parsed once per process and given to every document (pdfkit takes a
 * fontkit font as it is, and subsets it per document): parsing the two files for each document
 * was most of an invoice's time (docs/decisions/038).
 */
const fromHere = createRequire(import.meta.url);

const FILES = {
  regular: fromHere.resolve(/* turbopackIgnore: true */ 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: fromHere.resolve(/* turbopackIgnore: true */ 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

export type Face = keyof typeof FILES;

let parsed: Record<Face, fontkit.Font> | undefined;

function faces(): Record<Face, fontkit.Font> {
  parsed ??= {
    regular: fontkit.create(readFileSync(FILES.regular)) as fontkit.Font,
    bold: fontkit.create(readFileSync(FILES.bold)) as fontkit.Font,
  };
  return parsed;
}

/** Gives a document the invoice's faces under their names (`doc.font('bold')`). */
export function registerInvoiceFonts(doc: PDFKit.PDFDocument): void {
  for (const [face, font] of Object.entries(faces())) doc.registerFont(face, font as unknown as string);
}
