import 'server-only';
import { escapeHtml } from '../notify/mailer';

/** A letter to a customer: its plain text, and the same as HTML with its link made a link. */
export interface Letter {
  subject: string;
  text: string;
  html: string;
}

/** Paragraphs (blank-line separated) as a letter; `url`, where the text holds it, becomes a link in the HTML. */
export function letterOf(subject: string, paragraphs: readonly string[], url?: string): Letter {
  const text = paragraphs.join('\n\n');
  const html = paragraphs
    .map((paragraph) => {
      const parts = url ? paragraph.split(url) : [paragraph];
      const linked = parts.map(escapeHtml).join(url ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : '');
      return `<p style="white-space:pre-wrap">${linked}</p>`;
    })
    .join('\n');
  return { subject, text, html };
}
