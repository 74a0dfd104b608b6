import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { userMessage } from '../../../api';
import { Spinner } from '../../../components/spinner';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useFlash } from '../shared/flash';
import { FlashMessage } from '../shared/flash-message';
import { useReload } from '../shared/list-params';
import { SearchInput } from '../shared/search-input';
import { LoadFailed } from '../shared/states';
import { panelClass, toolbarInput } from '../shared/ui';
import { useLocalCopy } from '../shared/use-local-copy';
import { ProductFormDialog } from './product-form-dialog';
import { ProductTable } from './product-table';
import { filterProducts, type AdminProduct } from './products';
import {
  deleteProduct,
  patchProduct,
  type AdjustmentReply,
  type ProductsData,
  type SavedProduct,
} from './products-api';
import { StockDialog } from './stock-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; product: AdminProduct }
  | { kind: 'stock'; product: AdminProduct }
  | { kind: 'delete'; product: AdminProduct };
type Visibility = 'all' | 'visible' | 'hidden';

/**
 * Product Management (decision 0015): list, search, category filter, create, edit, hide, show,
 * delete; the stock of each product with the units checkouts hold, 'Adjust stock' with its history
 * (decision 0039), and 'Mark sold out', which keeps the product in the shop with its Add to Cart
 * disabled (decision 0022). The list is the route's clientLoader's
 * (`data`, null while it first loads); a create or an edit loads it again.
 */
export function ProductManagement({ data }: { data: ProductsData | null }) {
  const { reload, reloading } = useReload();
  const [list, patchList] = useLocalCopy(data);
  const products = list?.ok ? list.value.products : null;
  const categories = list?.ok ? list.value.categories : [];
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('all');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const { flash, show, dismiss } = useFlash();

  const shown = useMemo(
    () => (products ? filterProducts(products, search, categoryId, visibility) : []),
    [products, search, categoryId, visibility],
  );
  const hiddenCount = products?.filter((product) => !product.is_active).length ?? 0;

  /** Changes the products shown here, as a change the server made answers. */
  function patch(change: (products: AdminProduct[]) => AdminProduct[]) {
    patchList((current) =>
      current?.ok
        ? { ok: true, value: { ...current.value, products: change(current.value.products) } }
        : current,
    );
  }
  const patchOne = (id: number, change: Partial<AdminProduct>) =>
    patch((all) => all.map((p) => (p.id === id ? { ...p, ...change } : p)));

  function saved(product: SavedProduct, created: boolean) {
    show('success', created ? `${product.name} was created.` : `${product.name} was saved.`);
    reload();
  }

  async function change(
    product: AdminProduct,
    edit: { is_active: boolean } | { stock: number; expected_stock: number | null },
  ) {
    setBusyId(product.id);
    try {
      await patchProduct(product.id, edit);
      patchOne(product.id, 'stock' in edit ? { stock: edit.stock, on_hand: edit.stock } : edit);
      show(
        'success',
        'stock' in edit
          ? `${product.name} is marked sold out. It stays in the shop, with Add to Cart disabled until you set its stock again.`
          : edit.is_active
            ? `${product.name} is active in the shop.`
            : `${product.name} is a draft: shoppers no longer see it.`,
      );
    } catch (error) {
      console.error(
        'stock' in edit ? 'Failed to mark the product sold out' : 'Failed to change product visibility',
        error,
      );
      show('error', userMessage(error, `Failed to update ${product.name}. Please try again.`));
      // The stock moved since the list was read: show it as it is now.
      if ('stock' in edit) reload();
    } finally {
      setBusyId(null);
    }
  }

  function adjusted(product: AdminProduct, reply: AdjustmentReply) {
    patchOne(product.id, { stock: reply.stock, reserved: reply.reserved, on_hand: reply.on_hand });
  }

  async function remove(product: AdminProduct): Promise<string | null> {
    try {
      const reply = await deleteProduct(product.id);
      if ('hidden' in reply) {
        patchOne(product.id, { is_active: false });
        show('success', `${product.name} appears in past orders, so it was made a draft instead of deleted.`);
      } else {
        patch((all) => all.filter((p) => p.id !== product.id));
        show('success', `${product.name} was deleted.`);
      }
      return null;
    } catch (error) {
      console.error('Failed to delete product', error);
      return userMessage(error, `Failed to delete ${product.name}. Please try again.`);
    }
  }

  return (
    <section aria-labelledby="products-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="products-title" className="font-display text-2xl font-semibold sm:text-3xl">
            Products
          </h2>
          <p className="mt-1 text-sm text-muted">
            {products
              ? `${products.length} products${hiddenCount ? `, ${hiddenCount} ${hiddenCount === 1 ? 'draft' : 'drafts'}` : ''}.`
              : 'The catalogue, drafts included.'}
          </p>
        </div>
        <button
          type="button"
          className="btn-accent gap-2"
          onClick={() => setDialog({ kind: 'create' })}
          disabled={!products}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> New product
        </button>
      </div>

      <div
        className={`${panelClass} grid gap-3 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]`}
      >
        <div className="relative">
          <SearchInput
            id="product-search"
            label="Search products"
            placeholder="Search by name or SKU"
            value={search}
            onChange={setSearch}
          />
        </div>
        <div>
          <label htmlFor="product-category-filter" className="sr-only">
            Category
          </label>
          <select
            id="product-category-filter"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            className={toolbarInput}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-visibility-filter" className="sr-only">
            Status
          </label>
          <select
            id="product-visibility-filter"
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as Visibility)}
            className={toolbarInput}
          >
            <option value="all">Active and drafts</option>
            <option value="visible">Active</option>
            <option value="hidden">Drafts</option>
          </select>
        </div>
      </div>

      {list && !list.ok && !reloading ? (
        <LoadFailed what="the products" onRetry={reload} />
      ) : !products ? (
        <Spinner label="Loading products" className="py-16" />
      ) : (
        <ProductTable
          shown={shown}
          total={products.length}
          busyId={busyId}
          empty={products.length === 0 ? 'No products yet.' : 'No products match the search and filters.'}
          onEdit={(product) => setDialog({ kind: 'edit', product })}
          onVisible={(product, visible) => void change(product, { is_active: visible })}
          onSoldOut={(product) => void change(product, { stock: 0, expected_stock: product.on_hand })}
          onAdjust={(product) => setDialog({ kind: 'stock', product })}
          onDelete={(product) => setDialog({ kind: 'delete', product })}
        />
      )}

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <ProductFormDialog
          product={dialog.kind === 'edit' ? dialog.product : null}
          categories={categories}
          onSaved={saved}
          onPhotosChanged={(images) => {
            // The list's thumbnail is the first photo; the dialog opened again starts from these.
            if (dialog.kind === 'edit')
              patchOne(dialog.product.id, { images, image_url: images[0]?.url ?? dialog.product.image_url });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'stock' && (
        <StockDialog
          product={dialog.product}
          onAdjusted={(reply) => adjusted(dialog.product, reply)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${dialog.product.name}?`}
          confirmLabel="Delete product"
          busyLabel="Deleting..."
          onConfirm={() => remove(dialog.product)}
          onClose={() => setDialog(null)}
        >
          This cannot be undone. If the product appears in past orders, it becomes a draft instead, so the
          order history stays intact.
        </ConfirmDialog>
      )}
      <FlashMessage flash={flash} onDismiss={dismiss} />
    </section>
  );
}
