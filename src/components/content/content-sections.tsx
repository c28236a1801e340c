import type { ContentSection } from './content-types';

/** Headings, paragraphs and lists of a text page. */
export function ContentSections({ sections }: { sections: ContentSection[] }) {
  return (
    <div className="prose-page max-w-3xl">
      {sections.map((section) => (
        <section key={section.heading} id={section.id} aria-label={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
          {section.items?.length ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
