import type { FastifyRequest } from 'fastify';
import { fallbackLanguage, languages, type Language } from '@portal/contract';

/**
 * The language a visitor reads: the `locale` cookie the SPA keeps, else the first supported
 * language of Accept-Language, else French (spec §9).
 */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.locale;
  if (isLanguage(cookie)) return cookie;
  const header = request.headers['accept-language'] ?? '';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lng: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.lng).find(isLanguage) ?? fallbackLanguage;
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
