/**
 * A module of the shop as the app loads it (decision 0045): a name and what it registers, its
 * routes, hooks, job handlers (`app.jobs.handle`) and the services it offers the modules after it (as decorations of
 * the app, typed where they are made). modules/index.ts lists them in the order they load.
 */
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app-options.js';
import type { RepeatedLog } from '../http/repeated-log.js';

export interface ModuleContext extends AppOptions {
  /** Database failures, logged once per run of the same failure (http/repeated-log.ts). */
  databaseFailures: RepeatedLog;
}

export interface ShopModule {
  readonly name: string;
  register(app: FastifyInstance, context: ModuleContext): void | Promise<void>;
}

export const defineModule = (name: string, register: ShopModule['register']): ShopModule => ({
  name,
  register,
});
