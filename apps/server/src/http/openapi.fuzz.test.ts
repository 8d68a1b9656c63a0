import * as domain from '@platter/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginByEmail, loginStaff, PASSWORD } from '../../test/accounts.ts';
import { testApp } from '../../test/app.ts';
import { browser, type Browser } from '../../test/browser.ts';
import { testDatabase } from '../../test/db.ts';
import type { Db } from '../db/database.ts';
import { createAdmin } from '../modules/account/account.service.ts';
import type { ZodApp } from './types.ts';

/**
 * A fuzz over the OpenAPI document: every operation the server publishes, signed out, as a user
 * and as an admin, with each field in turn replaced by a NUL byte, a 30-digit amount, a long
 * string or a value of the wrong type (and once with every string NUL at once). Whatever the
 * answer, it is never a 5xx: input PostgreSQL cannot store is refused at the schema.
 * Deterministic (no randomness): the same document gives the same requests.
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const NUL = 'a\u0000b';
const DIGITS_30 = '9'.repeat(30);
const LONG = 'x'.repeat(5000);

/** A plausible value for a field, so that a request gets past the other fields to the one being bent. */
function sample(name: string, schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return sample(name, branches.find((b) => b.type !== 'null') ?? branches[0], depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(key, value, depth + 1)]));
  }
  if (type === 'array') return [sample(name, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
  if (/amount|min_pay|fee|price/i.test(name)) return '1';
  if (/^coin$|coin_type|^type$/i.test(name)) return 'CHIA';
  if (/pool/i.test(name)) return 'chia';
  if (/uid/i.test(name)) return '99999999';
  if (/(^|_)id$|^ids?$/i.test(name)) return '1';
  if (/day|date/i.test(name)) return '2026-11-20';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** The value of the wrong type for a field. */
const wrongType = (value: unknown): unknown => (typeof value === 'string' ? 12345 : typeof value === 'number' ? { n: 1 } : 'x');

/** Every string inside a value replaced by a NUL byte. */
function allNul(value: unknown): unknown {
  if (typeof value === 'string') return NUL;
  if (Array.isArray(value)) return value.map(allNul);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, allNul(v)]));
  return value;
}

interface Case {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/** The requests of one operation: the plausible one, each field bent in turn, and every string NUL. */
function casesOf(method: string, path: string, op: Operation, full: boolean): Case[] {
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  let url = path;
  for (const p of pathParams) url = url.replace(`{${p.name}}`, encodeURIComponent(String(sample(p.name, p.schema))));
  const query = Object.fromEntries(queryParams.map((p) => [p.name, sample(p.name, p.schema)]));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? (sample('body', bodySchema) as Record<string, unknown>) : undefined;
  const cases: Case[] = [{ method, path: url, query: allNul(query) as Record<string, unknown>, body: allNul(body) as Record<string, unknown> | undefined }];
  const bends: unknown[] = full ? [NUL, DIGITS_30, LONG] : [NUL];
  for (const key of Object.keys(query)) {
    for (const bent of bends) cases.push({ method, path: url, query: { ...query, [key]: bent }, body });
  }
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      for (const bent of full ? [...bends, wrongType(value), allNul(value)] : bends) cases.push({ method, path: url, query, body: { ...body, [key]: bent } });
    }
  }
  return cases;
}

function urlOf(c: Case): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(c.query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, typeof v === 'string' ? v : JSON.stringify(v));
    else params.append(key, typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value as number | boolean));
  }
  const qs = params.toString();
  return qs ? `${c.path}?${qs}` : c.path;
}

let db: Db;
let app: ZodApp;
let doc: Doc;
beforeAll(async () => {
  ({ db } = await testDatabase());
  // No lock-out after failed verifications: every call is reached however many the fuzz fails.
  app = await testApp(db, { securityMaxFailures: 1_000_000 });
  doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
  await createAdmin(db, 'fuzz-user@example.com', 'user', PASSWORD);
  await createAdmin(db, 'fuzz-admin@example.com', 'admin', PASSWORD);
});

/** A browser of the identity, signed in again whenever a call ended its session (sign-out, password change). */
async function identity(email: string | null): Promise<() => Promise<Browser>> {
  let current = browser(app);
  const signIn = async () => {
    current = browser(app);
    if (email?.startsWith('fuzz-admin')) await loginStaff(db, current, email);
    else if (email) {
      const answer = await loginByEmail(current, email, PASSWORD);
      if (answer.code !== 200) throw new Error(`fuzz sign-in ${email}: ${JSON.stringify(answer)}`);
    }
    return current;
  };
  await signIn();
  return async () => {
    if (email && (await current.get('/api/user/info')).code !== 200) return signIn();
    return current;
  };
}

describe('the endpoint table', () => {
  it('has every endpoint of packages/domain registered and published, under its method', () => {
    const table = Object.entries(domain)
      .filter(([name]) => name.endsWith('Endpoints'))
      .flatMap(([, group]) => Object.values(group as Record<string, domain.Endpoint>));
    expect(table.length).toBeGreaterThan(100);
    const published = new Set(Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
    expect(table.map((e) => `${e.method} ${e.path}`).filter((key) => !published.has(key))).toEqual([]);
  });
});

describe('input PostgreSQL cannot store', () => {
  it('refuses a NUL byte as the parameter error naming the field, and a 30-digit amount as the amount error', async () => {
    const who = await identity('fuzz-admin@example.com');
    const b = await who();
    const nul = await b.get('/api/pool/address?pool=chia&address=a%00b');
    expect(nul).toMatchObject({ code: 216, data: { field: 'address' } });
    const remark = await b.post('/api/user/updatewithdrawaddressremark', { id: '1', remark: 'a\u0000b' });
    expect(remark).toMatchObject({ code: 216, data: { field: 'remark' } });
    const transfer = await b.post('/api/assets/transfer', { coin: 'CHIA', amount: '9'.repeat(30), to: 'someone@example.com' });
    expect(transfer).toMatchObject({ code: 214, data: { field: 'amount' } });
    const fee = await b.post('/api/admin/updatewithdrawfee', { coin: 'CHIA', fee: '9'.repeat(30) });
    expect(fee).toMatchObject({ code: 214 });
    const adjust = await b.post('/api/admin/UpdateBalance', { uid: '99999999', coin: 'CHIA', amount: `-${'9'.repeat(30)}`, reason: 'fuzz', request_id: 'fuzz-adjust-0001' });
    expect(adjust).toMatchObject({ code: 214, data: { field: 'amount' } });
  });
});

describe('the OpenAPI document under bad input', () => {
  it('answers every operation, signed out, as a user and as an admin, without a 5xx', { timeout: 600_000 }, async () => {
    const faults: string[] = [];
    let requests = 0;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(operations.length).toBeGreaterThan(100);
    for (const [email, full] of [
      [null, false],
      ['fuzz-user@example.com', true],
      ['fuzz-admin@example.com', true],
    ] as const) {
      const who = await identity(email);
      for (const { method, path, op } of operations) {
        // Signing out is bent too, but last of all for this identity would lose nothing either way.
        for (const c of casesOf(method, path, op, full)) {
          const b = await who();
          const res = await b.send(c.method as 'GET' | 'POST' | 'PUT' | 'DELETE', urlOf(c), c.body);
          requests += 1;
          if (res.statusCode >= 500) faults.push(`${email ?? 'signed out'} ${c.method} ${urlOf(c).slice(0, 120)} ${JSON.stringify(c.body)?.slice(0, 160)} → ${res.statusCode}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(faults).toEqual([]);
  });
});
