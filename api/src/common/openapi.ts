import { getMetadataStorage } from 'class-validator';
import type { OpenAPIObject } from '@nestjs/swagger';

type Operation = OpenAPIObject['paths'][string]['get'] & object;
type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  items?: object;
};

interface ValidationMetadata {
  type: string;
  name?: string;
  propertyName: string;
  constraints?: unknown[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Answers particular routes give beyond the shared ones. */
const ROUTE_ANSWERS: Record<string, Record<string, string>> = {
  'post /api/admin/login': {
    '401': 'Wrong password',
    '429': 'Too many failed logins from this address: try again after the time given',
  },
  'post /api/webhooks/stripe': {
    '400': 'The body is not JSON, or its Stripe-Signature does not verify',
  },
  'post /api/create-checkout-session': {
    '400':
      'An unknown or unavailable product, a size missing or not offered, more than 10 of one size or 20 items in all',
    '409': 'More are asked for than are left: the sentence says so, for the cart',
    '429':
      'Too many checkouts from this address, or its open checkouts hold 10 of a size: try again after the time given',
  },
  'get /api/checkout/session-status': {
    '404': 'No checkout session with this id',
    '429': 'Too many status checks from this address: try again after the time given',
  },
  'post /api/memberships/checkout': {
    '404': 'No membership tier with this id',
    '409': 'The email address already has an active membership',
    '429': 'Too many checkouts from this address: try again after the time given',
  },
  'get /api/memberships/card': {
    '404': 'No membership holds this link, or it has ended',
    '429': 'Too many requests from this address: try again after the time given',
  },
  'post /api/admin/orders/manual': {
    '409': 'An order with this payment session id already exists',
  },
};

/** Paths the cross-site check does not apply to (verified by signature instead). */
const SIGNED_PATHS = new Set([
  '/api/webhooks/stripe',
  '/api/webhooks/email/postmark',
  '/api/webhooks/email/mailgun',
]);

/**
 * Completes the generated OpenAPI document from what the code already states:
 * - request bodies whose DTOs carry only class-validator rules get their fields (type, format,
 *   allowed values, maximum length, required), so e.g. the test payment form is described;
 * - every operation lists the 4xx answers the server's shared layers give it: 400 (validation),
 *   403 (cross-site check), 404 (an unknown id), 413 (body over 100 kB). The admin session's 401
 *   comes with the routes' own AdminOnly metadata, never from their paths.
 * Answers a route states itself (an @ApiResponse, or the additions below) are kept.
 */
export function completeApiDocument(document: OpenAPIObject): OpenAPIObject {
  describeValidatedBodies(document);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) addClientErrors(path, method, operation);
    }
  }
  return document;
}

function addClientErrors(path: string, method: string, operation: Operation) {
  const responses = (operation.responses ??= {});
  const add = (status: string, description: string) => {
    responses[status] ??= { description };
  };
  for (const [status, description] of Object.entries(ROUTE_ANSWERS[`${method} ${path}`] ?? {})) {
    add(status, description);
  }
  // A path parameter no decorator described (a whole-object @Param() DTO without @ApiProperty).
  const parameters = (operation.parameters ??= []) as { in?: string; name?: string }[];
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } } as never);
    }
  }
  const inPath = parameters.some((p) => p.in === 'path');
  const hasInput = inPath || parameters.length > 0 || operation.requestBody !== undefined;
  if (hasInput) {
    add('400', 'The request is not valid: `{ statusCode, message, errors? }` says why');
  }
  if (method !== 'get' && !SIGNED_PATHS.has(path)) {
    add('403', 'Refused by the cross-site check: the Origin (or Referer) names another site');
  }
  if (inPath) add('404', 'No such record');
  if (operation.requestBody !== undefined) add('413', 'The request body is over 100 kB');
}

/** Fills empty DTO schemas from their class-validator rules. */
function describeValidatedBodies(document: OpenAPIObject) {
  const schemas = document.components?.schemas ?? {};
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<{ name: string }, ValidationMetadata[]>;
  };
  for (const [target, rules] of storage.validationMetadatas) {
    const schema = schemas[target.name] as
      { properties?: Record<string, Schema>; required?: string[] } | undefined;
    if (!schema || '$ref' in schema) continue;
    const properties = (schema.properties ??= {});
    const required = new Set(schema.required ?? []);
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const rule of rules) {
      byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    }
    for (const [name, own] of byProperty) {
      if (properties[name]) continue;
      properties[name] = schemaOf(own);
      if (!own.some((rule) => rule.type === 'conditionalValidation')) required.add(name);
    }
    if (required.size > 0) schema.required = [...required];
  }
}

function schemaOf(rules: ValidationMetadata[]): Schema {
  const named = (name: string) => rules.find((rule) => rule.name === name);
  const schema: Schema = { type: 'string' };
  if (named('isInt')) schema.type = 'integer';
  else if (named('isNumber') || named('isPositive')) schema.type = 'number';
  else if (named('isBoolean')) schema.type = 'boolean';
  else if (named('isArray') || rules.some((rule) => rule.type === 'nestedValidation')) {
    Object.assign(schema, { type: 'array', items: {} });
  }
  if (named('isEmail')) schema.format = 'email';
  if (named('isDateString') || named('isISO8601')) schema.format = 'date';
  const allowed = named('isIn')?.constraints?.[0];
  if (Array.isArray(allowed)) schema.enum = allowed;
  const max = named('maxLength')?.constraints?.[0];
  if (typeof max === 'number') schema.maxLength = max;
  return schema;
}
