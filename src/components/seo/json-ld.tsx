/**
 * Structured data for search engines, as `<script type="application/ld+json">`: data, never run
 * (the page's CSP lists its hash like any inline script's; the edge leaves it in place, not in
 * the boot template). `<` is escaped so no text in it can close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
