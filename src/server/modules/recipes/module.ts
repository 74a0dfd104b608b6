import { defineModule } from '../shop-module.js';
import { recipeRoutes } from './routes.js';
import { createRecipesService } from './service.js';

/** Production recipes (admin). */
export const recipesModule = defineModule('recipes', (app, { database }) => {
  recipeRoutes(app, createRecipesService(database.db));
});
