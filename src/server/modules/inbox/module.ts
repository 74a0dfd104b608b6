import { defineModule } from '../shop-module.js';
import { inboxRoutes } from './routes.js';
import { createInboxService } from './service.js';

/** The admin's inbox: contact messages and newsletter sign-ups. */
export const inboxModule = defineModule('inbox', (app, { database }) => {
  inboxRoutes(app, createInboxService(database.db));
});
