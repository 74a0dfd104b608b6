import { defineModule } from '../shop-module.js';
import { createAccountLinks, type AccountLinks } from './account-links.js';
import { createGoogleVerifier } from './google.js';
import { createLoginThrottle } from './login-throttle.js';
import { userRoutes } from './routes.js';
import { createUsersService, type UsersService } from './service.js';
import type { SessionStore } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions (made with the app: every request's access check reads them). */
    sessions: SessionStore;
    /** E-mailed account links; `settle()` waits for forgot-password work still running (tests). */
    accountLinks: AccountLinks;
    /** Accounts: registration, sign-in, profiles, the admin's user management. */
    users: UsersService;
  }
}

export const usersModule = defineModule('users', (app, { config, database, googleKeys }) => {
  const accountLinks = createAccountLinks({
    db: database.db,
    sessions: app.sessions,
    mailer: app.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    consent: app.consent,
  });
  app.decorate('accountLinks', accountLinks);
  app.addHook('onClose', async () => accountLinks.settle());
  const users = createUsersService({
    db: database.db,
    sessions: app.sessions,
    throttle: createLoginThrottle(database.db),
    links: accountLinks,
    consent: app.consent,
    optInDefault: config.marketingOptInDefault,
    erasure: app.erasure,
    ...(config.googleClientId ? { google: createGoogleVerifier(config.googleClientId, googleKeys) } : {}),
  });
  app.decorate('users', users);
  userRoutes(app, users, accountLinks, app.orders);
});
