import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../domain/money';
import type { ReceiptLine } from '../../../domain/receipt';
import { downloadWithSession } from '../../download';

const downloadPdf = (path: string, fileName: string) =>
  downloadWithSession(path, fileName, 'The PDF could not be made ({status}).');

/**
 * The bar above a receipt or a credit note (decisions 0069, 0070): back to the order, Print, and
 * Download PDF. Kept off paper.
 */
export function DocumentActions({
  backTo,
  backLabel,
  pdfPath,
  fileName,
}: {
  backTo: string;
  backLabel: string;
  pdfPath: string;
  fileName: string;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={backTo} className="text-sm font-semibold text-maple-dark hover:underline">
          {backLabel}
        </Link>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline gap-2" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            Print
          </button>
          <button
            type="button"
            className="btn-primary gap-2"
            onClick={() => {
              setProblem(null);
              downloadPdf(pdfPath, fileName).catch((error: unknown) =>
                setProblem(error instanceof Error ? error.message : String(error)),
              );
            }}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download PDF
          </button>
        </div>
      </div>
      {problem && (
        <p role="alert" className="mb-4 font-medium text-danger print:hidden">
          {problem}
        </p>
      )}
    </>
  );
}

/** The business's heading of a receipt or a credit note. */
export function BusinessHeading({
  business,
}: {
  business: { legalName: string; address: string; gstHstNumber: string | null };
}) {
  return (
    <div className="text-sm text-muted">
      <p className="font-display text-xl font-semibold text-cocoa">{business.legalName}</p>
      <p>{business.address}</p>
      <p data-testid="gst-hst-number">
        GST/HST registration no. {business.gstHstNumber ?? 'Not set (GST_HST_NUMBER)'}
      </p>
    </div>
  );
}

/** The lines of a receipt or a credit note: each with its tax codes, quantity, unit price and amount. */
export function ReceiptLines({
  lines,
  caption,
  testId = 'receipt-line',
}: {
  lines: readonly ReceiptLine[];
  caption: string;
  testId?: string;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-beige text-left">
          <th scope="col" className="py-2 pr-3">
            Description
          </th>
          <th scope="col" className="py-2 pr-3">
            Tax
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            Qty
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            Unit price
          </th>
          <th scope="col" className="py-2 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index} className="border-b border-beige/60 align-top" data-testid={testId}>
            <td className="py-2 pr-3">{line.name}</td>
            <td className="py-2 pr-3">{line.taxCodes}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{formatPrice(line.unitCents)}</td>
            <td className="py-2 text-right tabular-nums">{formatPrice(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
