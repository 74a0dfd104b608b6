/**
 * The sales-tax report for filing (decision 0070): tax collected, tax refunded and net, per tax and
 * province, by month or quarter in the shop's time zone. An order's tax counts in the period it was
 * paid; a refund's in the period it was made, whatever the order's.
 */
import { formatAmount } from './money.js';
import { TAX_CODES } from './tax.js';
import { z } from './zod.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  z
    .string({ message: `${name} must be a date such as 2026-01-31.` })
    .regex(DAY, { message: `${name} must be a date such as 2026-01-31.` })
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        message: `${name} must be a date such as 2026-01-31.`,
      },
    );

export const TAX_REPORT_PERIODS = ['month', 'quarter'] as const;
export type TaxReportPeriod = (typeof TAX_REPORT_PERIODS)[number];

/** The longest range one report covers: ten years, more than CRA asks anyone to keep (six). */
const MAX_DAYS = 3_660;

export const taxReportQuerySchema = z
  .object({
    from: day('from'),
    to: day('to'),
    by: z
      .enum(TAX_REPORT_PERIODS, { message: `by must be one of: ${TAX_REPORT_PERIODS.join(', ')}.` })
      .default('month'),
  })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to.', path: ['from'] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 <= MAX_DAYS, {
    message: 'A report covers at most ten years.',
    path: ['to'],
  });
export type TaxReportQuery = z.output<typeof taxReportQuerySchema>;

const amounts = {
  /** Tax charged on orders paid in the period, in cents. */
  collected_cents: z.number().int(),
  /** Tax given back by refunds made in the period, in cents. */
  refunded_cents: z.number().int(),
  /** collected less refunded. */
  net_cents: z.number().int(),
};
const taxRowSchema = z.object({ code: z.enum(TAX_CODES), province: z.string(), ...amounts });
export type TaxReportRow = z.infer<typeof taxRowSchema>;

export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(TAX_REPORT_PERIODS),
  /** Periods with any tax collected or refunded, oldest first ("2026-11", "2026-Q4"). */
  periods: z.array(z.object({ period: z.string(), taxes: z.array(taxRowSchema) })),
  /** The whole range, per tax and province. */
  totals: z.array(taxRowSchema),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

/** The report as CSV (RFC 4180): one line per period, tax and province, amounts in dollars. */
export function taxReportCsv(report: TaxReport): string {
  const lines = ['period,tax,province,collected,refunded,net'];
  for (const { period, taxes } of report.periods) {
    for (const row of taxes) {
      lines.push(
        [
          period,
          row.code,
          row.province,
          ...[row.collected_cents, row.refunded_cents, row.net_cents].map(formatAmount),
        ].join(','),
      );
    }
  }
  for (const row of report.totals) {
    lines.push(
      [
        `${report.from} to ${report.to}`,
        row.code,
        row.province,
        ...[row.collected_cents, row.refunded_cents, row.net_cents].map(formatAmount),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
