import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCsvText } from './csv.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Every field a spreadsheet or a quote-blind reader could cut the text into, as it would read it. */
const fieldsOf = (text: string) => text.split(/[,;\t\r\n]/).map((field) => field.replace(/^[ "]+/, ''));

describe('neutraliseCsvText', () => {
  it.each([
    // At the cell's start, as csv-stringify's escape_formulas did.
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1 Main St', "'-1 Main St"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t'=1"],
    ['\r=1', "'\r'=1"],
    // After a ; (Excel in fr-CA splits there) or a , and past the spaces and quotes before it.
    ['Jo;=1+1;', "Jo;'=1+1;"],
    ['Jo,=1+1', "Jo,'=1+1"],
    ['Jo; =1+1', "Jo; '=1+1"],
    ['Jo;"=1+1', 'Jo;"\'=1+1'],
    ['a;b,@c;-d', "a;b,'@c;'-d"],
    ["x;=cmd|' /C calc'!A0", "x;'=cmd|' /C calc'!A0"],
    // After a line break or a tab, for readers that ignore quotes.
    ['Jo\n=1+1', "Jo\n'=1+1"],
    ['Jo\t=1+1', "Jo\t'=1+1"],
    ['Jo;\t=1', "Jo;'\t'=1"],
  ])('neutralises %j', (text, expected) => {
    expect(neutraliseCsvText(text)).toBe(expected);
  });

  it.each([
    'Jo',
    'Anne-Marie',
    "O'Brien",
    '123 Main St, Apt 4',
    'Montréal; QC',
    'a=b',
    'jo@example.ca',
    '2026-11-28T10:00:00.000Z',
    '12.50',
    '',
    "'=already text",
    '=HYPERLINK("http://evil.example","x")'.slice(1),
  ])('leaves %j as it is', (text) => {
    expect(neutraliseCsvText(text)).toBe(text);
  });

  it('leaves no field that starts with a formula character, however the text is split', () => {
    const risky = fc.string({
      unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', ' ', '"', "'", 'a', '1'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(risky, (text) => {
        const safe = neutraliseCsvText(text);
        expect(safe.replace(/'/g, '')).toBe(text.replace(/'/g, ''));
        expect(safe.replace(/^[ "]+/, '')).not.toMatch(FORMULA_START);
        for (const field of fieldsOf(safe)) expect(field).not.toMatch(FORMULA_START);
        // Neutralising twice changes nothing more.
        expect(neutraliseCsvText(safe)).toBe(safe);
      }),
      { numRuns: 2000 },
    );
  });
});
