import 'server-only';
import { createRequire } from 'node:module';

/*
 * The invoice's typeface: DejaVu Sans (regular and bold) from the `dejavu-fonts-ttf` package, a
 * dependency, so the production tree has it. Found the way Node finds a package, never by a path
 * into node_modules written here. The bundler must leave these calls to run time (it would try to
 * bundle a .ttf as a module); there `import.meta.url` is this file's place under the project's
 * root, so dev, tests and the built tree each resolve from their own node_modules.
 */
const fromHere = createRequire(import.meta.url);

export const INVOICE_FONTS = {
  regular: fromHere.resolve(/* turbopackIgnore: true */ 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: fromHere.resolve(/* turbopackIgnore: true */ 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;
