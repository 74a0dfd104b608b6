import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addressBookSchema,
  addressCreatedSchema,
  addressCreateSchema,
  addressUpdateSchema,
} from '../../../domain/addresses.js';
import { requireViewer } from '../../http/audience.js';
import { errorResponses, idParams } from '../../http/route-schemas.js';
import type { AddressesService } from './service.js';

/**
 * The signed-in customer's address book (decision 0049). `me` is the caller, always: there is no
 * way to name another account, and another account's address id answers 404 like a missing one.
 */
export function addressRoutes(fastify: FastifyInstance, addresses: AddressesService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const customer = { audience: 'customer' } as const;
  const tags = ['addresses'];

  app.get(
    '/api/users/me/addresses',
    {
      config: customer,
      schema: {
        tags,
        summary: "The caller's saved addresses, the default first",
        response: { 200: addressBookSchema, ...errorResponses },
      },
    },
    async (request) => addresses.list((await requireViewer(request)).id),
  );

  app.post(
    '/api/users/me/addresses',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Save an address (the first one is the default)',
        description:
          'At most 10 per account. An address already saved is not added twice: that one is answered (200), made the default when isDefault is true.',
        body: addressCreateSchema,
        response: { 200: addressCreatedSchema, 201: addressCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created, book } = await addresses.create((await requireViewer(request)).id, request.body);
      reply.status(created ? 201 : 200);
      return book;
    },
  );

  app.patch(
    '/api/users/me/addresses/:id',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Change a saved address, or make it the default (isDefault: true)',
        params: idParams,
        body: addressUpdateSchema,
        response: { 200: addressBookSchema, ...errorResponses },
      },
    },
    async (request) => addresses.update((await requireViewer(request)).id, request.params.id, request.body),
  );

  app.delete(
    '/api/users/me/addresses/:id',
    {
      config: customer,
      schema: {
        tags,
        summary: 'Delete a saved address (the oldest one left becomes the default)',
        params: idParams,
        response: { 200: addressBookSchema, ...errorResponses },
      },
    },
    async (request) => addresses.remove((await requireViewer(request)).id, request.params.id),
  );
}
