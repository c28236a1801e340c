import 'server-only';
import { createRequire } from 'node:module';

/**
 * The invoice's typeface: DejaVu Sans (regular and bold) from the `dejavu-fonts-ttf` package, a
 * dependency, so the production tree has it. Found the way Node finds a package, from this module
 * (dev, tests) or from the built chunk (next.config.ts keeps the package external), never by a
 * path into node_modules written here.
 */
const fromHere = createRequire(import.meta.url);

export const INVOICE_FONTS = {
  regular: fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;
