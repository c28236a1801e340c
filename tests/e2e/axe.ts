import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules axe runs everywhere: WCAG 2.0–2.2 A and AA, and its best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * What axe finds on the page, or within the part `include` selects, by the rules AXE_TAGS names:
 * one line per rule broken (its impact, its id and where), none when the page passes.
 *
 * Axe runs in the page itself (its "legacy" mode): its default runs it in every frame and then
 * once more in a blank page of its own, which costs each check a second renderer and a second
 * parse of its 550 KB script; what that buys is the checking of frames from other origins, and the
 * site has no frames. Of the rules that pass, axe reports one element each instead of every one
 * (`resultTypes`): the violations are reported in full, and the results cross from the page in
 * a seventh of the bytes. Together a check takes a third of the time (docs/benchmarks.md).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // options() before withTags(): it replaces the options withTags() sets.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).withTags(AXE_TAGS);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
