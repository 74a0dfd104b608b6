import { defineModule } from '../shop-module.js';
import { addressRoutes } from './routes.js';
import { createAddressesService } from './service.js';

/** The customer's address book (decision 0049). */
export const addressesModule = defineModule('addresses', (app, { config, database }) => {
  addressRoutes(app, createAddressesService(database.db, config.pricing.shippingArea));
});
