import { Ban, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { thumbnailUrl } from '../../../domain/images';
import { messages } from '../../../domain/messages';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { LOW_STOCK_THRESHOLD } from '../../../domain/stock';
import { z } from '../../../domain/zod';
import { adminRequest, failureText } from '../../features/admin/admin-api';
import { useFlash } from '../../features/admin/flash';
import {
  adminProductSchema,
  categoryOptionSchema,
  deleteReplySchema,
  filterProducts,
  heldText,
  stockText,
  type AdminProduct,
  type CategoryOption,
} from '../../features/admin/products';
import { Spinner } from '../spinner';
import { ConfirmDialog } from './confirm-dialog';
import { FlashMessage } from './flash-message';
import { SearchIcon } from './icons';
import { ProductFormDialog, type SavedProduct } from './product-form-dialog';
import { EmptyState, LoadFailed } from './states';
import {
  dangerGhostButton,
  ghostButton,
  panelClass,
  quietButton,
  tdClass,
  thClass,
  toolbarInput,
} from './ui';

type Dialog =
  { kind: 'create' } | { kind: 'edit'; product: AdminProduct } | { kind: 'delete'; product: AdminProduct };
type Visibility = 'all' | 'visible' | 'hidden';

const productList = z.array(adminProductSchema);
const categoryList = z.array(categoryOptionSchema);

/**
 * Product Management (issue 7): list, search, category filter, create, edit, hide, show, delete; the
 * stock of each product with the units checkouts hold, and 'Mark sold out', which keeps the product
 * in the shop with its Add to Cart disabled (issue 16).
 */
export function ProductManagement() {
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  const [categories, setCategories] = useState<CategoryOption[]>([]);
  const [loadError, setLoadError] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('all');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const { flash, show, dismiss } = useFlash();

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      adminRequest(productList, '/api/admin/products', { signal }),
      adminRequest(categoryList, '/api/categories', { signal }),
    ])
      .then(([loaded, loadedCategories]) => {
        setProducts(loaded);
        setCategories(loadedCategories);
        setLoadError(false);
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        console.error('Failed to load products', error);
        setLoadError(true);
      });
    return () => controller.abort();
  }, [reloads]);

  const shown = useMemo(
    () => (products ? filterProducts(products, search, categoryId, visibility) : []),
    [products, search, categoryId, visibility],
  );
  const hiddenCount = products?.filter((product) => !product.is_active).length ?? 0;

  function saved(product: SavedProduct, created: boolean) {
    show('success', created ? `${product.name} was created.` : `${product.name} was saved.`);
    setReloads((n) => n + 1);
  }

  async function setActive(product: AdminProduct, active: boolean) {
    setBusyId(product.id);
    try {
      await apiPatchActive(product.id, active);
      setProducts(
        (list) => list?.map((p) => (p.id === product.id ? { ...p, is_active: active } : p)) ?? list,
      );
      show(
        'success',
        active ? `${product.name} is back in the shop.` : `${product.name} is hidden from the shop.`,
      );
    } catch (error) {
      console.error('Failed to change product visibility', error);
      show('error', failureText(error, `Failed to update ${product.name}. Please try again.`));
    } finally {
      setBusyId(null);
    }
  }

  async function markSoldOut(product: AdminProduct) {
    setBusyId(product.id);
    try {
      await adminRequest(z.object({ id: z.number() }), `/api/products/${product.id}`, {
        method: 'PATCH',
        body: { stock: 0 },
      });
      setProducts((list) => list?.map((p) => (p.id === product.id ? { ...p, stock: 0 } : p)) ?? list);
      show(
        'success',
        `${product.name} is marked sold out. It stays in the shop, with Add to Cart disabled until you set its stock again.`,
      );
    } catch (error) {
      console.error('Failed to mark the product sold out', error);
      show('error', failureText(error, `Failed to update ${product.name}. Please try again.`));
    } finally {
      setBusyId(null);
    }
  }

  async function remove(product: AdminProduct): Promise<string | null> {
    try {
      const reply = await adminRequest(deleteReplySchema, `/api/products/${product.id}`, {
        method: 'DELETE',
      });
      if ('hidden' in reply) {
        setProducts(
          (list) => list?.map((p) => (p.id === product.id ? { ...p, is_active: false } : p)) ?? list,
        );
        show(
          'success',
          `${product.name} appears in past orders, so it was hidden from the shop instead of deleted.`,
        );
      } else {
        setProducts((list) => list?.filter((p) => p.id !== product.id) ?? list);
        show('success', `${product.name} was deleted.`);
      }
      return null;
    } catch (error) {
      console.error('Failed to delete product', error);
      return failureText(error, `Failed to delete ${product.name}. Please try again.`);
    }
  }

  const stock = (product: AdminProduct) => (
    <StockCell product={product}>
      {product.stock !== 0 && (
        <button
          type="button"
          className={`${quietButton} -ml-4 whitespace-nowrap`}
          disabled={busyId === product.id}
          onClick={() => void markSoldOut(product)}
        >
          <Ban className="h-4 w-4" aria-hidden="true" /> Mark sold out
          <span className="sr-only"> {product.name}</span>
        </button>
      )}
    </StockCell>
  );

  const actions = (product: AdminProduct) => (
    <div className="flex flex-wrap items-center justify-end gap-1 lg:flex-nowrap">
      <button type="button" className={ghostButton} onClick={() => setDialog({ kind: 'edit', product })}>
        <Pencil className="h-4 w-4" aria-hidden="true" /> Edit<span className="sr-only"> {product.name}</span>
      </button>

      <button
        type="button"
        className={quietButton}
        disabled={busyId === product.id}
        onClick={() => void setActive(product, !product.is_active)}
      >
        {product.is_active ? (
          <>
            Hide
            <span className="sr-only"> {product.name}</span>
          </>
        ) : (
          <>
            Show in shop
            <span className="sr-only"> {product.name}</span>
          </>
        )}
      </button>
      <button
        type="button"
        className={dangerGhostButton}
        onClick={() => setDialog({ kind: 'delete', product })}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        <span className="sr-only"> {product.name}</span>
      </button>
    </div>
  );

  return (
    <section aria-labelledby="products-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="products-title" className="font-display text-2xl font-semibold sm:text-3xl">
            Products
          </h2>
          <p className="mt-1 text-sm text-muted">
            {products
              ? `${products.length} products${hiddenCount ? `, ${hiddenCount} hidden from the shop` : ''}.`
              : 'The catalogue, including products hidden from the shop.'}
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
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id="product-search"
            type="search"
            placeholder="Search by name or SKU"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${toolbarInput} pl-10`}
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
            Visibility
          </label>
          <select
            id="product-visibility-filter"
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as Visibility)}
            className={toolbarInput}
          >
            <option value="all">In shop and hidden</option>
            <option value="visible">In shop</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
      </div>

      {loadError ? (
        <LoadFailed what="the products" onRetry={() => setReloads((n) => n + 1)} />
      ) : !products ? (
        <Spinner label="Loading products" className="py-16" />
      ) : shown.length === 0 ? (
        <EmptyState>
          {products.length === 0 ? 'No products yet.' : 'No products match the search and filters.'}
        </EmptyState>
      ) : (
        <div className={`${panelClass} overflow-hidden`}>
          <p className="sr-only" role="status">
            {shown.length} of {products.length} products shown
          </p>
          <table className="hidden w-full text-sm md:table">
            <caption className="sr-only">Products</caption>
            <thead className="border-b border-beige bg-cream/70">
              <tr>
                <th scope="col" className={thClass}>
                  Product
                </th>
                <th scope="col" className={thClass}>
                  Category
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Price
                </th>
                <th scope="col" className={thClass}>
                  SKU
                </th>
                <th scope="col" className={thClass}>
                  Stock
                </th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {shown.map((product) => (
                <tr
                  key={product.id}
                  data-testid="admin-product-row"
                  className={product.is_active ? '' : 'bg-sand/40'}
                >
                  <td className={tdClass}>
                    <div className="flex items-center gap-3">
                      <Thumbnail product={product} />
                      <div className="min-w-0">
                        <p className="font-semibold text-cocoa">{product.name}</p>
                        <ProductStatus product={product} />
                      </div>
                    </div>
                  </td>
                  <td className={`${tdClass} text-muted`}>{product.category}</td>
                  <td className={`${tdClass} text-right font-semibold text-cocoa tabular-nums`}>
                    {formatPrice(dollarsToCents(product.price))}
                  </td>
                  <td className={`${tdClass} font-mono text-xs text-muted`}>{product.sku ?? '—'}</td>
                  <td className={tdClass}>{stock(product)}</td>
                  <td className={`${tdClass} text-right`}>{actions(product)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-beige md:hidden">
            {shown.map((product) => (
              <li key={product.id} className={`p-4 ${product.is_active ? '' : 'bg-sand/40'}`}>
                <div className="flex gap-3">
                  <Thumbnail product={product} large />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-cocoa">{product.name}</p>
                    <p className="text-sm text-muted">
                      {product.category} · {formatPrice(dollarsToCents(product.price))}
                    </p>
                    <p className="font-mono text-xs text-muted">SKU {product.sku ?? '—'}</p>
                    <div className="mt-1">{stock(product)}</div>
                    <ProductStatus product={product} />
                  </div>
                </div>
                <div className="mt-2 -mr-2">{actions(product)}</div>
              </li>
            ))}
          </ul>
        </div>
      )}

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <ProductFormDialog
          product={dialog.kind === 'edit' ? dialog.product : null}
          categories={categories}
          onSaved={saved}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${dialog.product.name}?`}
          confirmLabel="Delete product"
          busyLabel="Deleting..."
          onConfirm={() => remove(dialog.product)}
          onClose={() => setDialog(null)}
        >
          This cannot be undone. If the product appears in past orders, it is hidden from the shop instead, so
          the order history stays intact.
        </ConfirmDialog>
      )}
      <FlashMessage flash={flash} onDismiss={dismiss} />
    </section>
  );
}

function apiPatchActive(id: number, active: boolean) {
  return adminRequest(z.object({ id: z.number() }), `/api/products/${id}`, {
    method: 'PATCH',
    body: { is_active: active },
  });
}

function Thumbnail({ product, large = false }: { product: AdminProduct; large?: boolean }) {
  const size = large ? 'h-16 w-16' : 'h-12 w-12';
  if (!product.image_url) {
    return (
      <div
        className={`${size} grid shrink-0 place-items-center rounded-xl bg-sand px-1 text-center text-[10px] leading-tight text-muted`}
      >
        {messages.noImage}
      </div>
    );
  }
  return (
    <img
      src={thumbnailUrl(product.image_url)}
      alt=""
      width={large ? 64 : 48}
      height={large ? 64 : 48}
      loading="lazy"
      className={`${size} shrink-0 rounded-xl bg-sand object-cover`}
    />
  );
}

function ProductStatus({ product }: { product: AdminProduct }) {
  if (product.is_active) {
    return (
      <Link
        to={`/products/${product.slug}`}
        className="text-xs font-medium text-maple-dark underline-offset-2 hover:underline"
      >
        <span className="md:hidden">
          View<span className="sr-only"> {product.name}</span> in shop
        </span>
        <span className="hidden md:inline">/products/{product.slug}</span>
      </Link>
    );
  }
  return (
    <span className="mt-0.5 inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-muted ring-1 ring-beige">
      Hidden from the shop
    </span>
  );
}

/** The stock: 'Made to order', 'Sold out' or 'N left' (low stock in the accent colour), and the units held. */
function StockCell({ product, children }: { product: AdminProduct; children?: ReactNode }) {
  const held = heldText(product.reserved);
  const tone =
    product.stock === 0
      ? 'font-semibold text-danger'
      : product.stock !== null && product.stock < LOW_STOCK_THRESHOLD
        ? 'font-semibold text-maple-dark'
        : product.stock === null
          ? 'text-muted'
          : 'text-ink';
  return (
    <div className="text-sm" data-testid="admin-product-stock">
      <p className={`whitespace-nowrap tabular-nums ${tone}`}>{stockText(product.stock)}</p>
      {held && <p className="text-xs whitespace-nowrap text-muted">{held}</p>}
      {children}
    </div>
  );
}
