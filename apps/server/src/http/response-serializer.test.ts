import { ProfileSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, serializerCompiler } from './response-serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('the response serializer', () => {
  it('writes what the schema declares, as JSON.stringify would, and drops the rest', () => {
    const profile = {
      id: '0b729f48-3bb5-4cb4-b919-051c58a41bb5',
      email: 'ada@example.com',
      company: null,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: null,
      locale: 'fr' as const,
      role: 'buyer' as const,
      side: 'customer' as const,
      siteIds: null,
      rules: [{ action: 'get', subject: 'refill' }],
    };
    const written = compile(ProfileSchema)({ ...profile, passwordHash: 'secret', sessionId: 7 });
    expect(JSON.parse(written)).toEqual(profile);
    expect(written).not.toContain('secret');
  });

  it('writes optional fields only when they are there, and nullable ones as null', () => {
    const schema = z.object({
      name: z.string(),
      note: z.string().optional(),
      at: z.string().nullable(),
      count: z.number().int().nullable(),
    });
    expect(compile(schema)({ name: 'a', at: null, count: 3 })).toBe(
      '{"name":"a","at":null,"count":3}',
    );
    expect(JSON.parse(compile(schema)({ name: 'b', note: 'n', at: 'x', count: null }))).toEqual({
      name: 'b',
      note: 'n',
      at: 'x',
      count: null,
    });
  });

  it('refuses an answer that lacks a required field instead of writing a partial one', () => {
    const schema = z.object({ name: z.string(), city: z.string() });
    expect(() => compile(schema)({ name: 'a' })).toThrow(/city/);
  });

  it('keeps Zod for a schema that changes values on the way out, so its codec still runs', () => {
    const day = z.codec(z.iso.date(), z.date(), {
      decode: (text) => new Date(`${text}T00:00:00Z`),
      encode: (date) => date.toISOString().slice(0, 10),
    });
    const schema = z.object({ on: day, size: z.number().default(25) });
    expect(responseJsonSchema(schema)).toBeUndefined();
    expect(responseJsonSchema(z.object({ size: z.number().default(25) }))).toBeUndefined();
    expect(compile(schema)({ on: new Date('2026-11-23T10:00:00Z'), size: 10 })).toBe(
      '{"on":"2026-11-23","size":10}',
    );
  });
});
