/**
 * The shop's stylesheet, inlined into the head of every document (decision 0033): a first visit
 * paints without waiting for a second request. The server build imports the compiled CSS as text
 * (entry.server.tsx); in the browser the same text is read back from the document, so hydration
 * matches and the client bundle carries no copy of it.
 */
import { createContext, useContext, type ReactNode } from 'react';

const ELEMENT_ID = 'stylesheet';

const StylesheetContext = createContext<string | undefined>(undefined);

export function StylesheetProvider({ css, children }: { css: string; children: ReactNode }) {
  return <StylesheetContext.Provider value={css}>{children}</StylesheetContext.Provider>;
}

let fromDocument: string | undefined;

/** The stylesheet the server wrote into this document, read once; '' when there is none. */
function documentStylesheet(): string {
  fromDocument ??= document.getElementById(ELEMENT_ID)?.textContent ?? '';
  return fromDocument;
}

export function InlineStylesheet() {
  const css = useContext(StylesheetContext) ?? (typeof document === 'undefined' ? '' : documentStylesheet());
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
