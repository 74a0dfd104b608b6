/** Class names the dashboard's parts share, in the shop's palette. */

export const panelClass = 'rounded-3xl bg-white shadow-sm ring-1 ring-beige';

/** A compact control for toolbars and table rows (44 px tall: still a comfortable touch target). */
export const smallButton =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export const ghostButton = `${smallButton} text-maple-dark hover:bg-sand disabled:hover:bg-transparent`;
export const quietButton = `${smallButton} text-cocoa hover:bg-sand disabled:hover:bg-transparent`;
export const dangerGhostButton = `${smallButton} text-danger hover:bg-red-50 disabled:hover:bg-transparent`;
export const dangerButton =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-6 py-3 text-sm font-semibold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

/** Inputs in toolbars: the form style, without the top margin of a labelled field. */
export const toolbarInput =
  'block w-full rounded-2xl border border-beige bg-white px-4 py-2.5 text-ink placeholder:text-muted/70 focus:border-maple focus:ring-2 focus:ring-maple/30';

export const thClass =
  'px-3 py-3 text-left text-xs font-semibold tracking-wider text-muted uppercase sm:px-4';
export const tdClass = 'px-3 py-3 align-middle sm:px-4';

export const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' });
export const dateTimeFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
