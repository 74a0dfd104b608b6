/**
 * Turns a page rendered with a marker nonce into one whose inline scripts are allowed by their hashes
 * (decision 0032). The renderer puts the marker (a random value made for this render, never sent) on
 * every inline script it writes itself; only those get a hash. A script that reached the markup any
 * other way, say from data a visitor typed, carries no marker, gets no hash, and does not run.
 * The result is the same bytes for every visitor, so it can be compressed once and cached.
 */
import { createHash } from 'node:crypto';

export interface SealedPage {
  /** The page with the marker attribute removed from every element. */
  html: string;
  /** CSP sources such as `'sha256-…'`, one per distinct marked inline script, in page order. */
  hashes: string[];
}

// A script element's text ends at the first `</script` (HTML's raw text rule).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;

export function sealInlineScripts(html: string, marker: string): SealedPage {
  if (marker.length < 16) throw new Error('The nonce marker is too short to be unguessable.');
  const attribute = ` nonce="${marker}"`;
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (!attributes!.includes(attribute) || /\ssrc\s*=/i.test(attributes!)) continue;
    // The browser hashes the element's text after the parser has normalised line breaks.
    const normalised = text!.replace(/\r\n?/g, '\n');
    const source = `'sha256-${createHash('sha256').update(normalised, 'utf8').digest('base64')}'`;
    if (!hashes.includes(source)) hashes.push(source);
  }
  return { html: html.replaceAll(attribute, ''), hashes };
}
