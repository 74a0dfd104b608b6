import { Ban, PackagePlus, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { thumbnailUrl } from '../../../../domain/images';
import { messages } from '../../../../domain/messages';
import { dollarsToCents, formatPrice } from '../../../../domain/money';
import { LOW_STOCK_THRESHOLD } from '../../../../domain/stock';
import { DataTable, type Column } from '../shared/data-table';
import { dangerGhostButton, ghostButton, quietButton } from '../shared/ui';
import { userMessage } from '../../../api';
import { heldText, stockText, type AdminProduct } from './products';
import { previewLink } from './products-api';

/**
 * The products shown: a table on wide screens, cards on narrow ones, each with its stock and its
 * actions (edit, hide or show, adjust stock, mark sold out, delete); `empty` when none are shown.
 * `busyId` is the product being changed.
 */
export function ProductTable({
  shown,
  total,
  busyId,
  empty,
  onEdit,
  onVisible,
  onSoldOut,
  onAdjust,
  onDelete,
}: {
  shown: AdminProduct[];
  /** every product, for 'N of M products shown' */
  total: number;
  busyId: number | null;
  empty: string;
  onEdit: (product: AdminProduct) => void;
  onVisible: (product: AdminProduct, visible: boolean) => void;
  onSoldOut: (product: AdminProduct) => void;
  /** Opens the product's stock: adjust by units received or gone, and its history (decision 0039). */
  onAdjust: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}) {
  const stock = (product: AdminProduct) => (
    <StockCell product={product}>
      {product.stock !== null && (
        <button
          type="button"
          className={`${quietButton} -ml-4 whitespace-nowrap`}
          disabled={busyId === product.id}
          onClick={() => onAdjust(product)}
        >
          <PackagePlus className="h-4 w-4" aria-hidden="true" /> Adjust stock
          <span className="sr-only"> of {product.name}</span>
        </button>
      )}
      {product.on_hand !== 0 && (
        <button
          type="button"
          className={`${quietButton} -ml-4 whitespace-nowrap`}
          disabled={busyId === product.id}
          onClick={() => onSoldOut(product)}
        >
          <Ban className="h-4 w-4" aria-hidden="true" /> Mark sold out
          <span className="sr-only"> {product.name}</span>
        </button>
      )}
    </StockCell>
  );

  const actions = (product: AdminProduct) => (
    <div className="flex flex-wrap items-center justify-end gap-1 lg:flex-nowrap">
      <button type="button" className={ghostButton} onClick={() => onEdit(product)}>
        <Pencil className="h-4 w-4" aria-hidden="true" /> Edit<span className="sr-only"> {product.name}</span>
      </button>

      <button
        type="button"
        className={quietButton}
        disabled={busyId === product.id}
        onClick={() => onVisible(product, !product.is_active)}
      >
        {product.is_active ? (
          <>
            Make draft
            <span className="sr-only"> {product.name}</span>
          </>
        ) : (
          <>
            Make active
            <span className="sr-only"> {product.name}</span>
          </>
        )}
      </button>
      <button type="button" className={dangerGhostButton} onClick={() => onDelete(product)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        <span className="sr-only"> {product.name}</span>
      </button>
    </div>
  );

  const columns: Column<AdminProduct>[] = [
    {
      header: 'Product',
      cell: (product) => (
        <div className="flex items-center gap-3">
          <Thumbnail product={product} />
          <div className="min-w-0">
            <p className="font-semibold text-cocoa">{product.name}</p>
            <ProductStatus product={product} />
          </div>
        </div>
      ),
    },
    { header: 'Category', className: 'text-muted', cell: (product) => product.category },
    {
      header: 'Price',
      align: 'right',
      className: 'font-semibold text-cocoa tabular-nums',
      cell: (product) => formatPrice(dollarsToCents(product.price)),
    },
    { header: 'SKU', className: 'font-mono text-xs text-muted', cell: (product) => product.sku ?? '—' },
    { header: 'Stock', cell: stock },
    { header: 'Actions', hideHeader: true, align: 'right', cell: actions },
  ];

  return (
    <DataTable
      caption="Products"
      columns={columns}
      rows={shown}
      rowKey={(product) => product.id}
      rowTestId="admin-product-row"
      rowClassName={(product) => (product.is_active ? '' : 'bg-sand/40')}
      empty={empty}
      status={`${shown.length} of ${total} products shown`}
      card={(product) => (
        <>
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
        </>
      )}
    />
  );
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
    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-muted ring-1 ring-beige">
        Draft: not in the shop
      </span>
      <PreviewButton product={product} />
    </span>
  );
}

/** Opens the draft's page as it will be, through a preview link (decision 0065). */
function PreviewButton({ product }: { product: AdminProduct }) {
  const [problem, setProblem] = useState<string | null>(null);
  async function open() {
    setProblem(null);
    // Opened at once, within the click, so no pop-up blocker stops it; the address follows.
    const tab = window.open('', '_blank');
    try {
      const { url } = await previewLink(product.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch (error) {
      tab?.close();
      console.error('Failed to make a preview link', error);
      setProblem(userMessage(error, 'Failed to open the preview. Please try again.'));
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={() => void open()}
        className="text-xs font-medium text-maple-dark underline underline-offset-2"
      >
        Preview<span className="sr-only"> {product.name}</span>
      </button>
      {problem && (
        <span role="alert" className="text-xs font-medium text-danger">
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * The stock: 'Made to order', 'Sold out' or 'N left' (what can be sold; low stock in the accent colour),
 * and the units held in checkouts.
 */
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
