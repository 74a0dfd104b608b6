import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductSchema,
  productCreateSchema,
  previewLinkSchema,
  productDeleteReplySchema,
  productUpdateSchema,
  savedProductSchema,
} from '../../../domain/product-admin.js';
import {
  stockAdjustmentReplySchema,
  stockAdjustmentSchema,
  stockHistoryQuerySchema,
  stockMovementSchema,
} from '../../../domain/stock-schemas.js';
import { NotFoundError } from '../../../domain/errors.js';
import {
  galleryDeleteQuerySchema,
  galleryOrderSchema,
  MAX_GALLERY_UPLOAD_FILES,
} from '../../../domain/product-gallery.js';
import { requireViewer } from '../../http/audience.js';
import { HttpError, parseOr400 } from '../../http/errors.js';
import { errorResponses, idParams, totalCountHeader } from '../../http/route-schemas.js';
import { jsonOrMultipartBody, multipartBody } from '../../http/validation.js';
import type { ImageStore } from '../images/store.js';
import { IMAGE_TOO_LARGE, withStoredImage, withStoredImages } from '../uploads/product-images.js';
import { PRODUCT_NOT_FOUND, type ProductAdminService } from './admin-service.js';
import type { CatalogService } from './service.js';

/** The multipart form of a new product: its fields, and the image file. */
const productForm = productCreateSchema.extend({
  image: z.file().optional().describe('JPEG, PNG or WebP; stored as WebP variants.'),
});

/** A multipart body: its text fields, and the bytes of its `image` file if one was sent. */
async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; image: Buffer | null }> {
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || image) {
          await (part as MultipartFile).toBuffer();
          throw new HttpError(400, 'Send one file, in the field "image".');
        }
        image = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMAGE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(413, 'Too many parts in the form.');
    }
    if (error instanceof HttpError) throw error;
    // Anything else went wrong reading the body itself: busboy's "Boundary not found" or "Unexpected
    // end of form" (no code), Fastify's FST_ errors, or the client going away mid-upload.
    request.log.info({ err: error }, 'unreadable multipart form');
    throw new HttpError(400, 'The form could not be read.');
  }
  return { fields, image: image && image.length > 0 ? image : null };
}

/** A gallery upload: one to MAX_GALLERY_UPLOAD_FILES files, each in the field `image`. */
async function readImageFiles(request: FastifyRequest): Promise<Buffer[]> {
  const files: Buffer[] = [];
  try {
    const parts = request.parts({ limits: { files: MAX_GALLERY_UPLOAD_FILES, fields: 0 } });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== 'image') {
        if (part.type === 'file') await (part as MultipartFile).toBuffer();
        throw new HttpError(400, 'Send the images as files, each in the field "image".');
      }
      const bytes = await part.toBuffer();
      if (bytes.length > 0) files.push(bytes);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMAGE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') {
      throw new HttpError(413, `Send at most ${MAX_GALLERY_UPLOAD_FILES} images at a time.`);
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(400, 'Send the images as files, each in the field "image".');
    }
    if (error instanceof HttpError) throw error;
    request.log.info({ err: error }, 'unreadable multipart form');
    throw new HttpError(400, 'The form could not be read.');
  }
  if (files.length === 0) throw new HttpError(400, 'Send at least one image, in the field "image".');
  return files;
}

export function productAdminRoutes(
  fastify: FastifyInstance,
  admin: ProductAdminService,
  catalog: CatalogService,
  /** Where uploaded images are kept (modules/images). */
  images: ImageStore,
  /** Called after every change, so this instance's catalogue cache shows it at once (cache.ts). */
  onCatalogChange: () => void,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { audience: 'admin' } as const;
  const tags = ['products (admin)'];
  const changed = <T>(result: T): T => {
    onCatalogChange();
    return result;
  };

  app.get(
    '/api/admin/products',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Every product, hidden ones too, with the units checkouts being paid hold',
        response: { 200: z.array(adminProductSchema), ...errorResponses },
      },
    },
    async () => admin.list(),
  );

  app.post(
    '/api/products',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Create a product (multipart/form-data, with its image)',
        description:
          'A new product is a `draft` unless `status` says `active`, and `standard` for sales tax unless ' +
          '`tax_class` says `zero_rated` (basic groceries, decision 0066).',
        consumes: ['multipart/form-data'],
        // The fields are read from the stream and parsed below; other bodies are answered with 415.
        body: multipartBody(productForm),
        response: { 201: savedProductSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the product as multipart/form-data.');
      const { fields, image } = await readMultipart(request);
      const input = parseOr400(productCreateSchema, fields);
      const adminId = (await requireViewer(request)).id;
      const created = await withStoredImage(images, image, (imageUrl) =>
        admin.create(input, imageUrl, adminId),
      );
      reply.status(201);
      return changed(created);
    },
  );

  app.patch(
    '/api/products/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Change the fields sent (JSON, or multipart/form-data with a new image)',
        description:
          'A multipart form may add an `image` file. is_active false hides the product from the shop. ' +
          '`stock` is the count on hand (what can be sold plus what checkouts being paid hold; empty for ' +
          'made to order) and must come with `expected_stock`, the `on_hand` the form was opened with: ' +
          '409 when it is no longer true, 400 when it is missing. `tax_class` (standard or zero_rated, ' +
          'decision 0066) decides whether GST/HST applies to it.',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        // JSON is validated here (no body reads as {}); a multipart form's fields are parsed below.
        body: jsonOrMultipartBody(productUpdateSchema, {}),
        response: { 200: savedProductSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const adminId = (await requireViewer(request)).id;
      if (request.isMultipart()) {
        const { fields, image } = await readMultipart(request);
        const changes = parseOr400(productUpdateSchema, fields);
        return changed(
          await withStoredImage(images, image, (imageUrl) => admin.update(id, changes, imageUrl, adminId)),
        );
      }
      return changed(await admin.update(id, request.body, null, adminId));
    },
  );

  // The gallery (decision 0061): add photos, reorder and describe them, take one out.
  app.post(
    '/api/products/:id/images',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Add photos at the end of the product's gallery (multipart/form-data)",
        description:
          `One to ${MAX_GALLERY_UPLOAD_FILES} files, each in the field \`image\` (JPEG, PNG or WebP, at most ` +
          "5 MB): stored as WebP variants, described by the product's name until an alt text is set. " +
          'A gallery holds at most 12 photos (409 past that).',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: multipartBody(
          z.object({ image: z.file().describe('JPEG, PNG or WebP; send the field once per file.') }),
        ),
        response: { 201: savedProductSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the images as multipart/form-data.');
      const { id } = request.params;
      const files = await readImageFiles(request);
      const saved = await withStoredImages(images, files, (urls) => admin.addImages(id, urls));
      reply.status(201);
      return changed(saved);
    },
  );

  app.patch(
    '/api/products/:id/images',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "The product's gallery in a new order, with each photo's alt text",
        description:
          'Every photo of the gallery exactly once (409 when the list is not the gallery any more); ' +
          "the first becomes the product's `image_url`.",
        params: idParams,
        body: galleryOrderSchema,
        response: { 200: savedProductSchema, ...errorResponses },
      },
    },
    async (request) => changed(await admin.reorderImages(request.params.id, request.body.images)),
  );

  app.delete(
    '/api/products/:id/images',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Take one photo out of the product's gallery",
        description:
          'The next photo becomes the first (`image_url`); the stored file goes at the next garbage ' +
          'collection after the grace period.',
        params: idParams,
        querystring: galleryDeleteQuerySchema,
        response: { 200: savedProductSchema, ...errorResponses },
      },
    },
    async (request) => changed(await admin.removeImage(request.params.id, request.query.url)),
  );

  // Decision 0039: the count changes by what happened, never by overwriting it.
  app.post(
    '/api/products/:id/stock-adjustments',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Add units received, or take away units spoiled, damaged or miscounted',
        description:
          '`delta` changes the count on hand. Taking away more than can be sold takes units held by ' +
          'checkouts being paid too: they do not come back if the checkout expires. More than is on ' +
          'hand: 409, nothing changed.',
        params: idParams,
        body: stockAdjustmentSchema,
        response: { 201: stockAdjustmentReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const adminId = (await requireViewer(request)).id;
      const result = await admin.adjustStock(request.params.id, request.body, adminId);
      reply.status(201);
      return changed(result);
    },
  );

  app.get(
    '/api/admin/products/:id/stock-history',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "The product's stock adjustments and counts written, newest first: a page",
        params: idParams,
        querystring: stockHistoryQuerySchema,
        response: {
          200: z.array(stockMovementSchema).meta({ headers: { ...totalCountHeader } }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await admin.stockHistory(request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/api/admin/products/:id/preview-link',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "A link to the product's page as shoppers will see it, drafts included, for 24 hours",
        description:
          'Anyone holding the link sees the page until it expires (to share a draft for review); the ' +
          'page is never cached or indexed.',
        params: idParams,
        response: { 201: previewLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const product = await catalog.getProductById(request.params.id);
      if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const { token, expiresAt } = await catalog.previewLink(product.id);
      reply.status(201);
      return {
        url: `/products/${product.slug}?preview=${encodeURIComponent(token)}`,
        expires_at: expiresAt.toISOString(),
      };
    },
  );

  app.delete(
    '/api/products/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Delete a product, or hide it when past orders name it',
        params: idParams,
        response: { 200: productDeleteReplySchema, ...errorResponses },
      },
    },
    async (request) => changed(await admin.remove(request.params.id)),
  );
}
