import type { Hono, MiddlewareHandler } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { ApiError } from './errors.ts';

export type Access = 'public' | 'member' | 'admin' | 'auditor';

export interface RouteDoc {
  summary: string;
  tags?: string[];
  access?: Access;
  response?: z.ZodType;
}

const DOC = Symbol('routeDoc');
const SCHEMA = Symbol('routeSchema');
type Target = 'json' | 'query' | 'param' | 'form';
type Documented = MiddlewareHandler & { [DOC]?: RouteDoc; [SCHEMA]?: { target: Target; schema: z.ZodType } };

/** Describes a route for the OpenAPI document; passes the request on. */
export const describe = (doc: RouteDoc): MiddlewareHandler => {
  const mw: Documented = async (_c, next) => {
    await next();
  };
  mw[DOC] = doc;
  return mw;
};

const explain = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string =>
  error.issues
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .slice(0, 5)
    .join('; ');

const validator = <T extends z.ZodType, K extends Target>(target: K, schema: T) => {
  const mw = zValidator(target, schema, (result) => {
    if (!result.success) throw new ApiError(400, 'VALIDATION', explain(result.error));
  });
  (mw as Documented)[SCHEMA] = { target, schema };
  return mw;
};

/** Validates the JSON body with a zod schema (and documents it). */
export const jsonBody = <T extends z.ZodType>(schema: T) => validator('json', schema);
export const queryParams = <T extends z.ZodType>(schema: T) => validator('query', schema);
export const pathParams = <T extends z.ZodType>(schema: T) => validator('param', schema);

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });

const errorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
};

/** Builds the OpenAPI 3 document from the routes' own validators and descriptions. */
export const buildOpenApi = (app: Hono<never>, info: { title: string; version: string }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of app.routes) {
    const handler = route.handler as Documented;
    const doc = handler[DOC];
    const schema = handler[SCHEMA];
    if (!doc && !schema) continue;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const method = route.method.toLowerCase();
    const op = ((paths[path] ??= {})[method] ??= {
      responses: { default: { description: 'Error', content: { 'application/json': { schema: errorSchema } } } },
    }) as Record<string, unknown>;
    if (doc) {
      op.summary = doc.summary;
      op.tags = doc.tags;
      op['x-access'] = doc.access ?? 'public';
      if (doc.access && doc.access !== 'public') op.security = [{ session: [] }];
      (op.responses as Record<string, unknown>)['200'] = {
        description: 'OK',
        content: doc.response ? { 'application/json': { schema: jsonSchema(doc.response) } } : undefined,
      };
    }
    if (schema?.target === 'json') {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(schema.schema) } } };
    } else if (schema) {
      const js = jsonSchema(schema.schema) as { properties?: Record<string, unknown>; required?: string[] };
      const where = schema.target === 'param' ? 'path' : 'query';
      op.parameters = [
        ...((op.parameters as unknown[] | undefined) ?? []),
        ...Object.entries(js.properties ?? {}).map(([name, s]) => ({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: s,
        })),
      ];
    }
  }
  return {
    openapi: '3.0.3',
    info,
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    paths,
  };
};
