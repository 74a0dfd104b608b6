/**
 * Route schemas (decision 0024): every /api route declares its params, querystring, body and
 * responses as zod schemas, and Fastify checks the request against them before the handler runs. The
 * check is parseOr400's (errors.ts), so the answers are the ones the handlers gave when they parsed
 * for themselves: NUL refused, lone surrogates replaced, the spec's messages word for word, zod's own
 * prefixed with the field. Responses are written through their schema, which whitelists the fields.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  onRouteHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type {} from '@fastify/swagger';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Audience, requireViewer } from './audience.js';
import { HttpError, parseOr400 } from './errors.js';

/**
 * How a part of a request that is not plain JSON reaches its route (mostly bodies). Fastify hands a
 * validator `null` for a request without a body, and nothing about its content type; the route's
 * preValidation hook (added by registerRouteSchemas) marks such a body, so the validator can answer
 * as the handler did.
 */
interface InputRule {
  /** Whatever arrives goes to the handler as it is (raw bytes, a multipart-only route). */
  passThrough?: true;
  /** A multipart/form-data request goes to the handler, which reads the parts and parses the fields. */
  multipart?: true;
  /** What an absent or `null` body is read as. */
  absent?: unknown;
  /** Parsed after the access check with the caller's role's schema (role-whitelisted PATCH bodies). */
  byRole?: { customer: z.ZodType; admin: z.ZodType };
}

const inputRules = new WeakMap<z.ZodType, InputRule>();

/** Marks a request that came without a body (Fastify would give the validator `null`, like JSON null). */
const NO_BODY = Symbol('no body');
/** Marks a multipart/form-data request, whose body the handler reads from the stream. */
const MULTIPART = Symbol('multipart body');

/** A copy of `schema` for one route's body, read by the rule (the copy documents the same shape). */
function withRule<S extends z.ZodType>(schema: S, rule: InputRule): S {
  const copy = schema.clone() as S;
  inputRules.set(copy, rule);
  return copy;
}

/**
 * A multipart/form-data body (product uploads): documented by `fields`, read by the handler from the
 * stream, which then parses the fields with parseOr400. Any other request reaches the handler too,
 * which answers it (415).
 */
export const multipartBody = <S extends z.ZodType>(fields: S): S => withRule(fields, { passThrough: true });

/** JSON, validated by `schema` (an absent or null body reads as `absent`), or multipart as above. */
export const jsonOrMultipartBody = <S extends z.ZodType>(schema: S, absent: z.input<S>): S =>
  withRule(schema, { multipart: true, absent });

/** Bytes the handler checks itself (a signed webhook): `documented` only describes them. */
export const rawBody = <S extends z.ZodType>(documented: S): S => withRule(documented, { passThrough: true });

/** Any part of a request that is described but not checked (the catch-all's path, answered 404 whatever it is). */
export const documentedOnly = <S extends z.ZodType>(documented: S): S =>
  withRule(documented, { passThrough: true });

/**
 * A body whose whitelist depends on the caller's role: parsed with `customer` or `admin` once the
 * caller is known, after the params. `admin` documents it (the wider of the two).
 */
export const roleBody = <A extends z.ZodType>(customer: z.ZodType, admin: A): A =>
  withRule(admin, { byRole: { customer, admin } });

const asResult = (parse: () => unknown): { value: unknown } | { error: Error } => {
  try {
    return { value: parse() };
  } catch (error) {
    // A refusal is the answer; anything else is a bug, which Fastify turns into a 500.
    if (error instanceof HttpError) return { error };
    throw error;
  }
};

/** Validates with parseOr400: the same messages as when the handlers parsed for themselves. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
  if (!(schema instanceof z.ZodType)) {
    throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} schema must be a zod schema`);
  }
  const rule = inputRules.get(schema);
  return (data: unknown) => {
    const multipart = data === MULTIPART;
    let input = data === NO_BODY || multipart ? undefined : data;
    if (rule?.passThrough || rule?.byRole || (rule?.multipart && multipart)) return { value: input };
    if (rule && 'absent' in rule && input == null) input = rule.absent;
    return asResult(() => parseOr400(schema, input));
  };
};

/** The role-dependent body, parsed once the access check has said who is calling. */
const parseByRole =
  (byRole: NonNullable<InputRule['byRole']>): preHandlerHookHandler =>
  async (request: FastifyRequest) => {
    const viewer = await requireViewer(request);
    request.body = parseOr400(viewer.isAdmin ? byRole.admin : byRole.customer, request.body);
  };

const markBody: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) {
    request.body = typeof request.isMultipart === 'function' && request.isMultipart() ? MULTIPART : NO_BODY;
  }
  done();
};

/** A registered /api route and its schema, for the test that every route declares one. */
export interface RouteSchema {
  method: string;
  url: string;
  audience: Audience | undefined;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its schema (one entry per method). */
    routeSchemas: RouteSchema[];
  }
}

/** The bearer session every customer and admin route needs (OpenAPI security scheme). */
export const BEARER_AUTH = 'bearerAuth';

/**
 * Makes the zod schemas of every route validate (parseOr400's way) and serialize its answers, and
 * documents each /api route's audience (`x-audience`, and the bearer scheme where a session is
 * needed). Registered before any route.
 */
export function registerRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('routeSchemas', [] as RouteSchema[]);

  const onRoute: onRouteHookHandler = (route) => {
    const schema = route.schema as FastifySchema | undefined;
    const rule = schema?.body instanceof z.ZodType ? inputRules.get(schema.body) : undefined;
    if (schema?.body !== undefined) {
      route.preValidation = [markBody, ...(route.preValidation ? [route.preValidation].flat() : [])];
    }
    if (rule?.byRole) {
      route.preHandler = [parseByRole(rule.byRole), ...(route.preHandler ? [route.preHandler].flat() : [])];
    }
    if (!route.url.startsWith('/api')) return;
    const audience = (route.config as { audience?: Audience } | undefined)?.audience;
    if (schema) {
      // An OpenAPI extension: who may call the route, as the reference page says it.
      const documented: Record<string, unknown> = { 'x-audience': audience };
      if (audience && audience !== 'anonymous') documented.security = [{ [BEARER_AUTH]: [] }];
      route.schema = { ...schema, ...documented };
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.routeSchemas.push({ method, url: route.url, audience, schema: route.schema });
    }
  };
  app.addHook('onRoute', onRoute);
}
