import { MapleLeaf } from '../brand-marks';

/** The Canadian banner at the very bottom of every page. */
export function CanadianBanner() {
  return (
    <div className="bg-maple-red text-white print:hidden">
      <p className="container-page flex items-center justify-center gap-2 py-2.5 text-center text-sm font-semibold tracking-wide">
        <MapleLeaf className="h-4 w-4" />
        Proudly made in Canada
        <MapleLeaf className="h-4 w-4" />
      </p>
    </div>
  );
}
