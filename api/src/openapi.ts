import { z } from 'zod';
import { ErrorBody } from './errors';
import { type RouteContract, routes } from './routes';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function parameters(route: RouteContract) {
  const list: object[] = [];
  for (const [where, schema] of [
    ['query', route.query],
    ['path', route.params],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema) as { properties?: Record<string, object>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

/** The OpenAPI 3.1 document of the contract, generated from the same schemas the server uses. */
export function openApiDocument(
  table: Record<string, RouteContract> = routes,
  info = { title: 'Helios API', version: '0.1.0' },
) {
  const paths: Record<string, Record<string, object>> = {};
  for (const [operationId, route] of Object.entries(table)) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const success = route.response
      ? {
          description: 'OK',
          content: { 'application/json': { schema: z.toJSONSchema(route.response, { unrepresentable: 'any' }) } },
        }
      : route.produces
        ? { description: 'OK', content: { [route.produces]: {} } }
        : { description: 'No content' };
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId,
      summary: route.summary,
      security: route.auth === 'public' ? [] : [{ portalSession: [] }],
      ...(route.auth === 'admin' ? { 'x-requires': 'platform admin' } : {}),
      parameters: parameters(route),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } }
        : {}),
      responses: {
        [route.response || route.produces ? '200' : '204']: success,
        default: { description: 'Error', content: { 'application/json': { schema: z.toJSONSchema(ErrorBody) } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { securitySchemes: { portalSession: { type: 'apiKey', in: 'cookie', name: 'helios_session' } } },
  };
}
