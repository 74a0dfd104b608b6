import { Spinner } from '../../../components/spinner';
import { useReload } from '../shared/list-params';
import { LoadFailed } from '../shared/states';
import { panelClass } from '../shared/ui';
import type { RecipeWorkspace } from './use-recipe-workspace';

/** The products by category, each with the packs waiting in open orders; choosing one shows its recipe. */
export function ProductPicker({
  workspace,
  onSelect,
}: {
  workspace: RecipeWorkspace;
  onSelect: (product: { id: number; name: string }, category: string) => void;
}) {
  const { reload, reloading } = useReload();
  const { data, catalog, selected } = workspace;
  return (
    <nav aria-label="Products" className={`${panelClass} p-5`}>
      {data && !data.catalog.ok && !reloading ? (
        <LoadFailed what="the recipes" onRetry={reload} />
      ) : !catalog ? (
        <Spinner label="Loading products" className="py-8" />
      ) : (
        <div className="space-y-5">
          {catalog.groups
            .filter((group) => group.products.length > 0)
            .map((group) => (
              <div key={group.id}>
                <h3 className="text-xs font-semibold tracking-[0.14em] text-maple-dark uppercase">
                  {group.name}
                </h3>
                <ul className="mt-2 space-y-1">
                  {group.products.map((product) => (
                    <li key={product.id}>
                      <ProductButton
                        name={product.name}
                        packs={workspace.planned(product.id)?.open_packs ?? 0}
                        active={selected?.id === product.id}
                        onClick={() => onSelect(product, group.name)}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
        </div>
      )}
    </nav>
  );
}

function ProductButton({
  name,
  packs,
  active,
  onClick,
}: {
  name: string;
  packs: number;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-3 py-2 text-left text-sm font-medium transition-colors ${
        active ? 'bg-cocoa text-cream' : 'text-ink hover:bg-sand'
      }`}
    >
      <span className="min-w-0">{name}</span>
      <span
        className={`inline-flex min-w-7 shrink-0 justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${
          active ? 'bg-cream text-cocoa' : packs > 0 ? 'bg-maple text-white' : 'bg-sand text-muted'
        }`}
        data-testid="open-packs"
      >
        {packs}
        <span className="sr-only"> {packs === 1 ? 'pack' : 'packs'} in open orders</span>
      </span>
    </button>
  );
}
