import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addRecipeIngredientSchema, createRecipeSchema } from '../../../domain/recipes.js';
import { parseOr400 } from '../../http/errors.js';
import { idField } from '../../http/ids.js';
import type { RecipesService } from './service.js';

const idParams = z.object({ id: idField });

/**
 * The recipe calls of SPEC §7 plus the recipe list and the production plan, all for admins.
 * GET /api/recipes/:id is by recipe id, like /api/recipes/by-id/:id: the spec lists the two paths
 * for one answer, and a product's recipe is found through GET /api/recipes (product_id of each).
 */
export function recipeRoutes(app: FastifyInstance, recipes: RecipesService): void {
  const admin = { audience: 'admin' } as const;

  app.get('/api/ingredients', { config: admin }, async () => recipes.listIngredients());

  app.get('/api/recipes', { config: admin }, async () => recipes.list());

  const getRecipe = async (request: { params: unknown }) => {
    const { id } = parseOr400(idParams, request.params);
    return recipes.get(id);
  };
  app.get('/api/recipes/by-id/:id', { config: admin }, getRecipe);
  app.get('/api/recipes/:id', { config: admin }, getRecipe);

  app.get('/api/recipes/:id/ingredients', { config: admin }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return recipes.ingredientsOf(id);
  });

  app.post('/api/recipes', { config: admin }, async (request, reply) => {
    const input = parseOr400(createRecipeSchema, request.body);
    const recipe = await recipes.create(input);
    reply.status(201);
    return recipe;
  });

  app.post('/api/recipes/:id/ingredients', { config: admin }, async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    const line = await recipes.addIngredient(id, parseOr400(addRecipeIngredientSchema, request.body));
    reply.status(201);
    return line;
  });

  app.get('/api/production-plan', { config: admin }, async () => recipes.productionPlan());
}
