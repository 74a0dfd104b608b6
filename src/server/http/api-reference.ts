/**
 * GET /api/reference: the OpenAPI document as one page to read, grouped by module, with who may call
 * each route and the fields of its path, query, body and answers. Server-rendered, no script, inline
 * styles only (the error page's policy), so it works anywhere and costs nothing to serve.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { brand } from '../../domain/brand.js';

type Schema = OpenAPIV3_1.SchemaObject & Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'trace'] as const;
type Method = (typeof METHODS)[number];

/** How deep nested fields are listed; deeper ones are named by their type only. */
const MAX_DEPTH = 6;

const AUDIENCES: Record<string, string> = {
  anonymous: 'Anyone',
  customer: 'Signed-in customer (bearer token)',
  admin: 'Admin (bearer token)',
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const code = (text: string) => `<code>${escape(text)}</code>`;
/** Escaped text with its `backquoted` parts as code. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const plural = (n: unknown, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;
const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const asSchema = (value: unknown): Schema | undefined =>
  value !== null && typeof value === 'object' ? (value as Schema) : undefined;

/** The alternatives of a union, or null; `null` members are left to `nullable`. */
function alternatives(schema: Schema): { members: Schema[]; nullable: boolean } | null {
  const list = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!list) return null;
  const members = list.filter((member) => member.type !== 'null');
  return { members, nullable: members.length < list.length };
}

/** One line's worth of type: "string", "integer or null", "one of: 'a', 'b'", "list of object". */
function typeLabel(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = alternatives(schema);
  if (union) {
    const label = union.members.map(typeLabel).join(' or ');
    return union.nullable ? `${label || 'null'} or null` : label;
  }
  const types = [schema.type ?? []].flat() as string[];
  const nullable = types.includes('null');
  let label: string;
  if (schema.enum) {
    label = `one of ${(schema.enum as unknown[])
      .filter((value) => value !== null)
      .map((value) => JSON.stringify(value))
      .join(', ')}`;
  } else {
    const main = types.filter((type) => type !== 'null');
    if (main.includes('array')) label = `list of ${typeLabel(asSchema(schema.items))}`;
    else if (main.length > 0) label = main.join(' or ');
    else label = schema.properties ? 'object' : 'any';
    if (schema.format) label += ` (${String(schema.format)})`;
  }
  return nullable ? `${label} or null` : label;
}

/** Limits worth a reader's eye: lengths, ranges, patterns, defaults. */
function constraints(schema: Schema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined)
    notes.push(`at least ${plural(schema.minLength, 'character', 'characters')}`);
  if (schema.maxLength !== undefined)
    notes.push(`at most ${plural(schema.maxLength, 'character', 'characters')}`);
  // zod bounds every integer by the safe range: only tighter bounds say something.
  if (schema.minimum !== undefined && schema.minimum !== -Number.MAX_SAFE_INTEGER) {
    notes.push(`from ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && schema.maximum !== Number.MAX_SAFE_INTEGER) {
    notes.push(`up to ${schema.maximum}`);
  }
  if (schema.minItems !== undefined) notes.push(`at least ${plural(schema.minItems, 'entry', 'entries')}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${plural(schema.maxItems, 'entry', 'entries')}`);
  if (schema.pattern !== undefined) notes.push(`matches ${code(String(schema.pattern))}`);
  if (schema.default !== undefined) notes.push(`default ${code(JSON.stringify(schema.default))}`);
  return notes;
}

/** The object (or objects) whose fields a value shows: its own, its list entries', a union's. */
function objectsWithin(schema: Schema | undefined): Schema[] {
  if (!schema) return [];
  if (schema.properties) return [schema];
  const union = alternatives(schema);
  if (union) return union.members.flatMap(objectsWithin);
  const items = asSchema(schema.items);
  return items ? objectsWithin(items) : [];
}

function fieldList(schema: Schema, depth: number): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) return '<p class="none">No fields.</p>';
  const rows = names.map((name) => {
    const field = properties[name]!;
    const notes = [
      required.has(name) ? '' : 'optional',
      ...constraints(field),
      field.description ? prose(String(field.description)) : '',
    ].filter(Boolean);
    return `<li>${code(name)} <span class="type">${escape(typeLabel(field))}</span>${
      notes.length > 0 ? ` <span class="note">${notes.join('; ')}</span>` : ''
    }${nested(field, depth + 1)}</li>`;
  });
  return `<ul class="fields">${rows.join('')}</ul>`;
}

/** The fields inside a value, when it holds objects. */
function nested(schema: Schema, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  const objects = objectsWithin(schema);
  if (objects.length === 0) return '';
  if (objects.length === 1) return fieldList(objects[0]!, depth);
  return objects.map((object, i) => `<p class="alt">Form ${i + 1}:</p>${fieldList(object, depth)}`).join('');
}

/** A whole payload: its type, and its fields when it has any (`said`: a description shown already). */
function payload(schema: Schema | undefined, said?: string): string {
  if (!schema) return '';
  const description =
    schema.description && schema.description !== said
      ? ` <span class="note">${prose(String(schema.description))}</span>`
      : '';
  const objects = objectsWithin(schema);
  const label = schema.properties
    ? ''
    : `<p><span class="type">${escape(typeLabel(schema))}</span>${description}</p>`;
  if (objects.length === 0) return label || `<p><span class="type">object</span>${description}</p>`;
  return `${label}${objects.length === 1 ? fieldList(objects[0]!, 1) : nested(schema, 1)}`;
}

function parameters(operation: OpenAPIV3_1.OperationObject, where: 'path' | 'query'): string {
  const list = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const mine = list.filter((parameter) => parameter.in === where);
  if (mine.length === 0) return '';
  const rows = mine.map((parameter) => {
    const schema = asSchema(parameter.schema);
    const notes = [
      parameter.required ? '' : 'optional',
      ...(schema ? constraints(schema) : []),
      parameter.description ? prose(parameter.description) : '',
    ].filter(Boolean);
    return `<li>${code(parameter.name)} <span class="type">${escape(typeLabel(schema))}</span>${
      notes.length > 0 ? ` <span class="note">${notes.join('; ')}</span>` : ''
    }</li>`;
  });
  return `<h4>${where === 'path' ? 'Path' : 'Query'}</h4><ul class="fields">${rows.join('')}</ul>`;
}

function content(
  body: { content?: Record<string, OpenAPIV3_1.MediaTypeObject>; description?: string } | undefined,
): string {
  const entries = Object.entries(body?.content ?? {});
  if (entries.length === 0) return '';
  // The media types share one schema: shown once, with every type named.
  const types = entries.map(([type]) => code(type)).join(', ');
  return `<p class="media">${types}</p>${payload(asSchema(entries[0]![1].schema), body?.description)}`;
}

function responses(operation: OpenAPIV3_1.OperationObject): string {
  const rows = Object.entries(operation.responses ?? {}).map(([status, value]) => {
    const response = value as OpenAPIV3_1.ResponseObject;
    const headers = Object.entries(response.headers ?? {}).map(
      ([name, header]) =>
        `<li>header ${code(name)} <span class="note">${escape(
          String((header as OpenAPIV3_1.HeaderObject).description ?? ''),
        )}</span></li>`,
    );
    return `<li><strong>${escape(status)}</strong> ${prose(response.description)}${
      headers.length > 0 ? `<ul class="fields">${headers.join('')}</ul>` : ''
    }${content(response)}</li>`;
  });
  return `<h4>Answers</h4><ul class="answers">${rows.join('')}</ul>`;
}

interface Entry {
  method: Method;
  path: string;
  operation: OpenAPIV3_1.OperationObject & { 'x-audience'?: string };
}

function operationHtml({ method, path, operation }: Entry): string {
  const audience = operation['x-audience'] ?? 'anonymous';
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  return `<section class="op" id="${anchor(`${method} ${path}`)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> ${code(path)}</h3>
${operation.summary ? `<p>${prose(operation.summary)}</p>` : ''}
${operation.description ? `<p class="note">${prose(operation.description)}</p>` : ''}
<p class="who">Who may call it: <strong>${escape(AUDIENCES[audience] ?? audience)}</strong></p>
${parameters(operation, 'path')}${parameters(operation, 'query')}
${body ? `<h4>Body</h4>${content(body)}` : ''}
${responses(operation)}
</section>`;
}

/** The page: a contents list of the modules, then each module's routes. */
export function renderReference(
  document: OpenAPIV3_1.Document,
  tags: readonly OpenAPIV3_1.TagObject[],
): string {
  const byTag = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const known = tags.map((tag) => tag.name);
  const order = [
    ...known.filter((name) => byTag.has(name)),
    ...[...byTag.keys()].filter((n) => !known.includes(n)),
  ];
  const describe = (name: string) => tags.find((tag) => tag.name === name)?.description ?? '';
  const title = escape(document.info.title);
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} reference | ${escape(brand.name)}</title>
<style>
  body { margin: 0; background: #fbf5ec; color: #2a1d15; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
  h1, h2 { font-family: Georgia, "Times New Roman", serif; color: #5b3a29; }
  h2 { margin-top: 3rem; border-bottom: 2px solid #e8d9c4; padding-bottom: 0.25rem; }
  h3 { margin: 0 0 0.5rem; font-size: 1.05rem; word-break: break-all; }
  h4 { margin: 1rem 0 0.25rem; font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: #6e5a4c; }
  a { color: #ad5a14; }
  .op { background: #fff; border-radius: 0.75rem; padding: 1.25rem 1.5rem; margin: 1rem 0; box-shadow: 0 1px 3px rgb(42 29 21 / 0.08); }
  .method { display: inline-block; min-width: 4.5rem; padding: 0.1rem 0.5rem; border-radius: 0.4rem; color: #fff; font-size: 0.8rem; text-align: center; }
  .get { background: #2f6f4f; } .post { background: #ad5a14; } .patch { background: #5b3a29; } .put { background: #5b3a29; }
  .delete { background: #a3261b; } .options, .trace { background: #6e5a4c; }
  code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f5ece0; padding: 0 0.25rem; border-radius: 0.25rem; }
  .type { color: #2f6f4f; font-size: 0.9em; }
  .note, .none, .media { color: #6e5a4c; font-size: 0.9em; }
  .who { margin: 0.25rem 0; }
  ul.fields, ul.answers { margin: 0.25rem 0; padding-left: 1.25rem; }
  ul.fields ul.fields { border-left: 1px solid #e8d9c4; }
  .alt { margin: 0.25rem 0 0; font-size: 0.9em; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${document.info.description ? `<p>${prose(document.info.description)}</p>` : ''}
<p>The same, as an OpenAPI ${escape(document.openapi)} document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav aria-label="Modules"><ul>${order
    .map(
      (name) =>
        `<li><a href="#${anchor(name)}">${escape(name)}</a> <span class="note">${prose(describe(name))}</span></li>`,
    )
    .join('')}</ul></nav>
${order
  .map(
    (name) => `<h2 id="${anchor(name)}">${escape(name)}</h2>
<p class="note">${prose(describe(name))}</p>
${byTag.get(name)!.map(operationHtml).join('\n')}`,
  )
  .join('\n')}
</main>
</body>
</html>
`;
}
