/**
 * Product management (admin; docs/product.md, Admin tools): create with an uploaded image, change
 * only what was sent, delete, or hide a product that past orders refer to so their history stays
 * intact.
 */
import { eq, sql } from 'drizzle-orm';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/errors.js';
import {
  activationProblem,
  type CompetitorInput,
  type FaqInput,
  type HighlightInput,
  type ProductCreate,
  type ProductUpdate,
} from '../../../domain/product-admin.js';
import { slugify } from '../../../domain/slug.js';
import type { StockAdjustment, StockHistoryQuery } from '../../../domain/stock-schemas.js';
import {
  adjustStock,
  countedHeld,
  PRODUCT_NOT_FOUND,
  recordFirstCount,
  setOnHand,
  stockActor,
  stockHistory,
} from '../stock/adjustments.js';
import { heldUnits } from '../stock/reservations.js';
import type { Database, Transaction } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  categories,
  orderItems,
  productCompetitors,
  productFaqs,
  productHighlights,
  products,
} from '../../db/schema.js';
import type { GalleryImage } from '../../../domain/product-gallery.js';
import { appendImages, removeImage, reorderImages, replaceFirstImage } from './gallery.js';
import type { CatalogService } from './service.js';

export { PRODUCT_NOT_FOUND };

/** Which unique rule refused the write: the SKU's, or the slug's (made from the name). */
function conflictMessage(error: unknown): string {
  let where = '';
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { constraint, detail } = current as { constraint?: unknown; detail?: unknown };
    where += `${typeof constraint === 'string' ? constraint : ''} ${typeof detail === 'string' ? detail : ''} `;
    current = (current as { cause?: unknown }).cause;
  }
  return /\bsku\b|_sku_/i.test(where)
    ? 'Another product already uses this SKU.'
    : 'A product with this name already exists. Please choose another name.';
}

/** The page's content lists a create or PATCH sent; each one sent replaces the stored list whole. */
type ContentLists = {
  highlights?: HighlightInput[] | undefined;
  competitors?: CompetitorInput[] | undefined;
  faqs?: FaqInput[] | undefined;
};

async function writeContentLists(tx: Transaction, productId: number, lists: ContentLists): Promise<void> {
  if (lists.highlights) {
    await tx.delete(productHighlights).where(eq(productHighlights.productId, productId));
    if (lists.highlights.length > 0)
      await tx.insert(productHighlights).values(
        lists.highlights.map((h, position) => ({
          productId,
          position,
          heading: h.heading,
          subheading: h.subheading,
        })),
      );
  }
  if (lists.competitors) {
    await tx.delete(productCompetitors).where(eq(productCompetitors.productId, productId));
    if (lists.competitors.length > 0)
      await tx.insert(productCompetitors).values(
        lists.competitors.map((c, position) => ({
          productId,
          position,
          competitorName: c.competitor_name,
          calories: c.calories,
          protein: c.protein,
          fat: c.fat,
          carbs: c.carbs,
          fiber: c.fiber,
          glutenFree: c.gluten_free,
          grainFree: c.grain_free,
        })),
      );
  }
  if (lists.faqs) {
    await tx.delete(productFaqs).where(eq(productFaqs.productId, productId));
    if (lists.faqs.length > 0)
      await tx
        .insert(productFaqs)
        .values(
          lists.faqs.map((f, position) => ({ productId, position, question: f.question, answer: f.answer })),
        );
  }
}

export function createProductAdminService(db: Database, catalog: CatalogService) {
  async function assertCategory(categoryId: number): Promise<void> {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw new InvalidError('category_id: there is no such category.');
  }

  function slugOf(name: string): string {
    const slug = slugify(name);
    if (!slug) throw new InvalidError('The name needs at least one letter or digit.');
    return slug;
  }

  async function written(id: number) {
    const product = await catalog.getProductById(id);
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
    return product;
  }

  return {
    /**
     * Every product, hidden ones too, with the units checkouts being paid hold (`reserved`) and the
     * count on hand (`on_hand`: what can be sold plus the held units taken out of it; decision 0039).
     */
    async list() {
      const [all, held, counted] = await Promise.all([
        catalog.listAllProducts(),
        heldUnits(db),
        countedHeld(db),
      ]);
      return all.map((product) => ({
        ...product,
        reserved: held.get(product.id) ?? 0,
        on_hand: product.stock === null ? null : product.stock + (counted.get(product.id) ?? 0),
      }));
    },

    async create(input: ProductCreate, imageUrl: string | null, adminId: number | null = null) {
      await assertCategory(input.category_id);
      const active = input.status === 'active';
      if (active) {
        const problem = activationProblem({ image_url: imageUrl, price: input.price });
        if (problem) throw new InvalidError(problem);
      }
      const by = adminId === null ? null : await stockActor(db, adminId);
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(products)
            .values({
              categoryId: input.category_id,
              name: input.name,
              slug: slugOf(input.name),
              description: input.description,
              sizeGrams: input.size,
              priceCents: input.price,
              sku: input.sku,
              features: input.features,
              idealTimeOfDay: input.ideal_time_of_day,
              nutritionInfo: input.nutrition_info,
              ingredients: input.ingredients,
              allergens: input.allergens,
              stock: input.stock,
              subscribeSavePercent: input.subscribe_save_percent,
              taxClass: input.tax_class,
              isActive: active,
              nutritionFacts: input.nutrition_facts,
              sortOrder: sql`(select coalesce(max(${products.sortOrder}), 0) + 1 from ${products})`,
            })
            .returning({ id: products.id });
          if (input.stock !== null) await recordFirstCount(tx, row!.id, input.stock, by);
          // Its image is its gallery's first (decision 0061), written where image_url is.
          if (imageUrl) await replaceFirstImage(tx, row!.id, imageUrl);
          await writeContentLists(tx, row!.id, input);
          return row!.id;
        });
        return written(id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(conflictMessage(error));
        throw error;
      }
    },

    /**
     * Changes the fields sent. A new count (`stock`, on hand) is written only if `expected_stock` is
     * still the count on hand, in the same transaction as the other fields: all of it or none.
     */
    async update(id: number, changes: ProductUpdate, imageUrl: string | null, adminId: number | null = null) {
      if (changes.category_id !== undefined) await assertCategory(changes.category_id);
      const set: Partial<typeof products.$inferInsert> = {
        ...(changes.name !== undefined ? { name: changes.name, slug: slugOf(changes.name) } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.price !== undefined ? { priceCents: changes.price } : {}),
        ...(changes.category_id !== undefined ? { categoryId: changes.category_id } : {}),
        ...(changes.ideal_time_of_day !== undefined ? { idealTimeOfDay: changes.ideal_time_of_day } : {}),
        ...(changes.nutrition_info !== undefined ? { nutritionInfo: changes.nutrition_info } : {}),
        ...(changes.size !== undefined ? { sizeGrams: changes.size } : {}),
        ...(changes.sku !== undefined ? { sku: changes.sku } : {}),
        ...(changes.features !== undefined ? { features: changes.features } : {}),
        ...(changes.ingredients !== undefined ? { ingredients: changes.ingredients } : {}),
        ...(changes.allergens !== undefined ? { allergens: changes.allergens } : {}),
        ...(changes.is_active !== undefined ? { isActive: changes.is_active } : {}),
        ...(changes.status !== undefined ? { isActive: changes.status === 'active' } : {}),
        ...(changes.subscribe_save_percent !== undefined
          ? { subscribeSavePercent: changes.subscribe_save_percent }
          : {}),
        ...(changes.tax_class !== undefined ? { taxClass: changes.tax_class } : {}),
        ...(changes.nutrition_facts !== undefined ? { nutritionFacts: changes.nutrition_facts } : {}),
      };
      const newCount = changes.stock;
      const lists: ContentLists = {
        highlights: changes.highlights,
        competitors: changes.competitors,
        faqs: changes.faqs,
      };
      const listsSent = Object.values(lists).some((list) => list !== undefined);
      if (Object.keys(set).length === 0 && newCount === undefined && !listsSent && !imageUrl)
        return written(id);
      const by = newCount !== undefined && adminId !== null ? await stockActor(db, adminId) : null;
      try {
        await db.transaction(async (tx) => {
          if (newCount !== undefined) {
            await setOnHand(tx, id, { onHand: newCount, expected: changes.expected_stock ?? null }, by);
          }
          const updated = await tx
            .update(products)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(products.id, id))
            .returning({
              isActive: products.isActive,
              imageUrl: products.imageUrl,
              priceCents: products.priceCents,
            });
          if (updated.length === 0) throw new NotFoundError(PRODUCT_NOT_FOUND);
          // A new photo from the product form replaces the gallery's first (decision 0061).
          if (imageUrl) await replaceFirstImage(tx, id, imageUrl);
          // Checked on the row as written, so a change that removes the image or makes it active at
          // once cannot leave an active product without one (decision 0065).
          const row = updated[0]!;
          if (row.isActive && (changes.status === 'active' || changes.is_active === true)) {
            const problem = activationProblem({ image_url: imageUrl ?? row.imageUrl, price: row.priceCents });
            if (problem) throw new InvalidError(problem);
          }
          await writeContentLists(tx, id, lists);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(conflictMessage(error));
        throw error;
      }
      return written(id);
    },

    /** Adds uploaded photos at the end of the gallery, each described by the product's name. */
    async addImages(id: number, urls: string[]) {
      await db.transaction((tx) => appendImages(tx, id, urls));
      return written(id);
    },

    /** The gallery in a new order, with its alt texts (exactly the images it holds). */
    async reorderImages(id: number, images: GalleryImage[]) {
      await db.transaction((tx) => reorderImages(tx, id, images));
      return written(id);
    },

    /** Takes one photo out of the gallery (the stored file goes at garbage collection). */
    async removeImage(id: number, url: string) {
      await db.transaction((tx) => removeImage(tx, id, url));
      return written(id);
    },

    /** Units received or gone, with the reason (decision 0039). */
    async adjustStock(id: number, adjustment: StockAdjustment, adminId: number) {
      return adjustStock(db, id, adjustment, await stockActor(db, adminId));
    },

    /** The product's stock history, newest first, a page at a time. */
    stockHistory: (id: number, query: StockHistoryQuery) => stockHistory(db, id, query),

    /** Deletes a product no order mentions; one that past orders mention is hidden instead. */
    async remove(id: number): Promise<{ deleted: true } | { hidden: true }> {
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, id))
          .for('update');
        if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
        const [ordered] = await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(eq(orderItems.productId, id))
          .limit(1);
        if (ordered) {
          await tx
            .update(products)
            .set({ isActive: false, updatedAt: new Date() })
            .where(eq(products.id, id));
          return { hidden: true as const };
        }
        await tx.delete(products).where(eq(products.id, id));
        return { deleted: true as const };
      });
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
