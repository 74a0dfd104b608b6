/** Product Management's calls: the list the route's clientLoader reads, and the changes to a product. */
import { z } from '../../../../domain/zod';
import { apiRequest } from '../../../api';
import { previewLinkSchema } from '../../../../domain/product-admin';
import { stockAdjustmentReplySchema, stockMovementSchema } from '../../../../domain/stock-schemas';
import { adminRequest, loadPart, type Loaded } from '../shared/admin-api';
import {
  adminProductSchema,
  categoryOptionSchema,
  deleteReplySchema,
  type AdminProduct,
  type CategoryOption,
  type ProductFields,
} from './products';

const productList = z.array(adminProductSchema);
const categoryList = z.array(categoryOptionSchema);
const patchReply = z.object({ id: z.number() });
const savedReply = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type SavedProduct = z.infer<typeof savedReply>;

export type ProductsData = Loaded<{ products: AdminProduct[]; categories: CategoryOption[] }>;

/** Every product, the hidden ones too, and the categories to file them under. */
export function loadProducts(signal: AbortSignal): Promise<ProductsData> {
  return loadPart(signal, 'Failed to load products', async () => {
    const [products, categories] = await Promise.all([
      adminRequest(productList, '/api/admin/products', { signal }),
      adminRequest(categoryList, '/api/categories', { signal }),
    ]);
    return { products, categories };
  });
}

/**
 * PATCH /api/products/:id with one change: shown or hidden in the shop, or the count on hand (with
 * the count the list showed, so a stale list is refused: decision 0039).
 */
export const patchProduct = (
  id: number,
  change: { is_active: boolean } | { stock: number; expected_stock: number | null },
) => adminRequest(patchReply, `/api/products/${id}`, { method: 'PATCH', body: change });

/** POST /api/admin/products/:id/preview-link: the page of a draft as it will be, for 24 hours. */
export const previewLink = (id: number) =>
  adminRequest(previewLinkSchema, `/api/admin/products/${id}/preview-link`, { method: 'POST' });

export type AdjustmentReply = z.infer<typeof stockAdjustmentReplySchema>;

/** POST /api/products/:id/stock-adjustments: units received or gone, and why. */
export const adjustStock = (
  id: number,
  adjustment: { delta: number; reason: string; note: string | null },
): Promise<AdjustmentReply> =>
  adminRequest(stockAdjustmentReplySchema, `/api/products/${id}/stock-adjustments`, {
    method: 'POST',
    body: adjustment,
  });

/** The product's stock history as the stock dialog reads it: the latest entries, newest first. */
export const stockHistorySchema = z.array(stockMovementSchema);
export const stockHistoryPath = (id: number, pageSize: number) =>
  `/api/admin/products/${id}/stock-history?pageSize=${pageSize}`;

/** DELETE /api/products/:id: destroyed, or hidden because past orders name it. */
export const deleteProduct = (id: number) =>
  adminRequest(deleteReplySchema, `/api/products/${id}`, { method: 'DELETE' });

/**
 * Creates a product (multipart, with its image) or saves an edit (the changed fields; multipart when
 * the image is replaced). Answers the product as saved, or null when the reply has another shape.
 */
export async function saveProduct(
  id: number | null,
  body: FormData | Partial<ProductFields>,
): Promise<SavedProduct | null> {
  const reply = await apiRequest<unknown>(id === null ? '/api/products' : `/api/products/${id}`, {
    method: id === null ? 'POST' : 'PATCH',
    body,
  });
  const saved = savedReply.safeParse(reply);
  return saved.success ? saved.data : null;
}
