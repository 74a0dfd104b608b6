/** Shapes of the shop's written content (policy pages, FAQ, about). Plain data, rendered by routes. */

export interface ContentSection {
  heading: string;
  /** Paragraphs of plain text. `{email}` is replaced with the shop's contact e-mail when rendered. */
  paragraphs?: string[];
  /** A bulleted list shown after the paragraphs. */
  list?: string[];
}

export interface PolicyPage {
  /** Path without leading slash, e.g. 'refund-policy' */
  slug: string;
  title: string;
  /** Meta description, 120-160 characters */
  description: string;
  /** e.g. 'Effective November 4, 2024' or 'Last updated November 4, 2024' */
  effective: string;
  intro: string[];
  sections: ContentSection[];
}

export interface FaqGroup {
  heading: string;
  items: { question: string; answer: string }[];
}

export interface AboutContent {
  title: string;
  description: string;
  intro: string;
  /** The founder's story, in a few short chapters. */
  chapters: { heading: string; paragraphs: string[] }[];
  values: { title: string; text: string }[];
  founderName: string;
  founderRole: string;
}
