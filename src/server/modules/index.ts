/**
 * The shop's modules, in the order they load (decision 0045). A module may use what the modules
 * before it offer (the app's decorations): jobs and mail first, then the catalogue, the payment
 * provider, orders, the checkout, accounts. Adding a module is a folder with a module.ts and a line
 * here.
 */
import { abandonedCartsModule } from './abandoned-carts/module.js';
import { addressesModule } from './addresses/module.js';
import { catalogModule } from './catalog/module.js';
import { checkoutModule } from './checkout/module.js';
import { consentModule } from './consent/module.js';
import { exportsModule } from './exports/module.js';
import { healthModule } from './health/module.js';
import { imagesModule } from './images/module.js';
import { inboxModule } from './inbox/module.js';
import { jobsModule } from './jobs/module.js';
import { mailModule } from './mail/module.js';
import { maintenanceModule } from './maintenance/module.js';
import { marketingModule } from './marketing/module.js';
import { ordersModule } from './orders/module.js';
import { overviewModule } from './overview/module.js';
import { paymentsModule } from './payments/module.js';
import { privacyModule } from './privacy/module.js';
import { productReviewsModule } from './product-reviews/module.js';
import { recipesModule } from './recipes/module.js';
import { searchModule } from './search/module.js';
import type { ShopModule } from './shop-module.js';
import { subscriptionsModule } from './subscriptions/module.js';
import { usersModule } from './users/module.js';
import { vitalsModule } from './vitals/module.js';

export const SHOP_MODULES: readonly ShopModule[] = [
  jobsModule,
  mailModule,
  maintenanceModule,
  imagesModule,
  consentModule,
  catalogModule,
  searchModule,
  marketingModule,
  paymentsModule,
  ordersModule,
  checkoutModule,
  subscriptionsModule,
  privacyModule,
  usersModule,
  addressesModule,
  abandonedCartsModule,
  productReviewsModule,
  recipesModule,
  inboxModule,
  overviewModule,
  exportsModule,
  vitalsModule,
  healthModule,
];
