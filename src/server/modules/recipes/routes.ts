import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addRecipeIngredientSchema,
  createRecipeSchema,
  ingredientSchema,
  productionPlanSchema,
  recipeIngredientSchema,
  recipeSchema,
  recipeSummarySchema,
} from '../../../domain/recipes.js';
import { errorResponses, idParams } from '../../http/route-schemas.js';
import type { RecipesService } from './service.js';

/**
 * The recipe calls plus the recipe list and the production plan, all for admins.
 * GET /api/recipes/:id is by recipe id, like /api/recipes/by-id/:id: the spec lists the two paths
 * for one answer, and a product's recipe is found through GET /api/recipes (product_id of each).
 */
export function recipeRoutes(fastify: FastifyInstance, recipes: RecipesService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = { audience: 'admin' } as const;
  const tags = ['recipes'];

  app.get(
    '/api/ingredients',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every ingredient',
        response: { 200: z.array(ingredientSchema), ...errorResponses },
      },
    },
    async () => recipes.listIngredients(),
  );

  app.get(
    '/api/recipes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Which products have a recipe, and the shared bases',
        response: { 200: z.array(recipeSummarySchema), ...errorResponses },
      },
    },
    async () => recipes.list(),
  );

  for (const url of ['/api/recipes/by-id/:id', '/api/recipes/:id']) {
    app.get(
      url,
      {
        config: admin,
        schema: {
          tags,
          summary: 'One recipe with its ingredients, by recipe id',
          params: idParams,
          response: { 200: recipeSchema, ...errorResponses },
        },
      },
      async (request) => recipes.get(request.params.id),
    );
  }

  app.get(
    '/api/recipes/:id/ingredients',
    {
      config: admin,
      schema: {
        tags,
        summary: "A recipe's ingredient lines",
        params: idParams,
        response: { 200: z.array(recipeIngredientSchema), ...errorResponses },
      },
    },
    async (request) => recipes.ingredientsOf(request.params.id),
  );

  app.post(
    '/api/recipes',
    {
      config: admin,
      schema: {
        tags,
        summary: "Create a product's recipe (ingredients are added one call each)",
        body: createRecipeSchema,
        response: { 201: recipeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const recipe = await recipes.create(request.body);
      reply.status(201);
      return recipe;
    },
  );

  app.post(
    '/api/recipes/:id/ingredients',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add one ingredient line to a recipe',
        params: idParams,
        body: addRecipeIngredientSchema,
        response: { 201: recipeIngredientSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const line = await recipes.addIngredient(request.params.id, request.body);
      reply.status(201);
      return line;
    },
  );

  app.get(
    '/api/production-plan',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'What to bake for the open orders, the checkouts being paid and the subscription renewals due in the next 7 days: batches per product, the pick list, the bases',
        response: { 200: productionPlanSchema, ...errorResponses },
      },
    },
    async () => recipes.productionPlan(),
  );
}
