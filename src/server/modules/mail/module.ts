import { defineModule } from '../shop-module.js';
import { createMailer, type Mailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox and its delivery (decision 0009). */
    mailer: Mailer;
  }
}

export const mailModule = defineModule('mail', (app, { config, database, mailTransport }) => {
  app.decorate(
    'mailer',
    createMailer({
      db: database.db,
      from: config.mail.from,
      sender: { mailingAddress: config.businessAddress, contactEmail: config.contactEmail },
      log: app.log,
      transport: mailTransport ?? config.mail.smtpUrl,
      jobs: app.jobs,
    }),
  );
});
