import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** The visible trail; the last crumb is the current page. Pair it with `breadcrumbList` JSON-LD. */
export function Breadcrumbs({ trail }: { trail: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="container-page pt-6 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((crumb, i) => (
          <li key={crumb.path} className="inline-flex items-center gap-1">
            {i > 0 && <ChevronRight className="h-3.5 w-3.5" aria-hidden="true" />}
            {i === trail.length - 1 ? (
              <span aria-current="page" className="font-medium text-cocoa">
                {crumb.name}
              </span>
            ) : (
              <Link to={crumb.path} className="underline-offset-4 hover:text-cocoa hover:underline">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
