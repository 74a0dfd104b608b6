/**
 * Starts a page's scripts after its first paint (decision 0035). React Router writes a
 * `<link rel="modulepreload">` for every module the page needs and one inline module script that
 * imports them and hydrates. Fetched at once, those 110-120 kB compete with the fonts and the main
 * image on a phone's connection, and the page paints only once they have run. Here the module
 * script is kept in the document as inert text, and a small inline script, run after the first
 * frame, adds the preloads and the module script: the page paints first, then hydrates.
 *
 * Runs on the rendered HTML before its inline scripts are sealed (inline-scripts.ts): the inert
 * copy keeps the marker, so its hash is in the policy and the module script made from its text is
 * allowed. A page without React Router's module script is returned as it is.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>/;

/** The id of the inert copy of the start script, which the loader reads. */
export const START_SCRIPT_ID = 'start-scripts';

/**
 * The loader, the same text on every page. It starts the scripts once the browser reports the first
 * contentful paint (fonts may hold text back for a frame or two, so the first frame is not enough),
 * or after the first frame where paint timing is not reported. A hidden tab paints nothing: it
 * starts at once, as it does when the tab is hidden or shown before then, and in any case after 3 s.
 * Starting adds the preloads named by the inert copy, in their order, then the module script made
 * from its text. The loader finds that copy as the element just before itself, not by id, so no
 * element elsewhere in the page can stand in for it.
 */
const LOADER =
  `(function(){var d=document,s=0,e=d.currentScript&&d.currentScript.previousElementSibling;` +
  `if(!e||e.id!=='${START_SCRIPT_ID}')return;function go(){if(s)return;s=1;` +
  `e.getAttribute('data-preload').split(' ').forEach(function(u){if(!u)return;` +
  `var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});` +
  `var m=d.createElement('script');m.type='module';m.textContent=e.textContent;d.body.appendChild(m)}` +
  `if(d.visibilityState==='hidden')return go();` +
  `d.addEventListener('visibilitychange',go);setTimeout(go,3000);` +
  `var P=window.PerformanceObserver;` +
  `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){` +
  `new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(go,0)})` +
  `.observe({type:'paint',buffered:true})}` +
  `else requestAnimationFrame(function(){setTimeout(go,0)})})();`;

/** The modules a page starts with, as `data-preload` on its inert start script lists them. */
export function startModules(html: string): string[] {
  const list = new RegExp(`id="${START_SCRIPT_ID}" data-preload="([^"]*)"`).exec(html)?.[1] ?? '';
  return list.split(' ').filter(Boolean);
}

export function deferScriptStart(html: string, marker: string): string {
  const start = MODULE_SCRIPT.exec(html);
  if (!start || !start[0].includes(` nonce="${marker}"`)) return html;
  // Hashed asset paths: no spaces or quotes.
  const hrefs = [...html.matchAll(PRELOAD)]
    .map((match) => match[1]!)
    .filter((href) => /^[^\s"]+$/.test(href));
  // Exactly the renderer's ` async=""`: a quoted nonce cannot contain it.
  const attributes = `${start[1]}${start[2]}`.replace(/\sasync=""/, '');
  const inert = `<script${attributes.trimEnd()} type="text/plain" id="${START_SCRIPT_ID}" data-preload="${hrefs.join(' ')}">`;
  const close = html.indexOf('</script>', start.index);
  if (close < 0) return html;
  const end = close + '</script>'.length;
  const body = html.slice(start.index + start[0].length, end);
  return (
    html.slice(0, start.index).replace(PRELOAD, '') +
    inert +
    body +
    `<script nonce="${marker}">${LOADER}</script>` +
    html.slice(end).replace(PRELOAD, '')
  );
}
