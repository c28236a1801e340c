/** One block of a text page, as stored under `Pages.<key>.sections` in the message files. */
export interface ContentSection {
  /** Anchor id, when other pages link to the section. */
  id?: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** Shape of `Pages.<key>` in messages/*.json. */
export interface ContentPageMessages {
  title: string;
  description: string;
  heading: string;
  lead: string;
  sections: ContentSection[];
}
