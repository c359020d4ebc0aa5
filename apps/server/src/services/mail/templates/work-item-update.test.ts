import { describe, expect, it } from 'vitest';
import { loadTranslations } from '../../translations';
import { renderDigestMail } from './work-item-update';

const translations = loadTranslations();

describe("the staff's daily digest", () => {
  it.each([
    ['fr', 'CO-000042\u202f: enlèvement planifié', 'RR-000007\u202f: livraison planifiée'],
    ['en', 'CO-000042: pickup scheduled', 'RR-000007: delivery scheduled'],
  ] as const)(
    'names each change as its kind of item says it, in %s',
    (language, collection, refill) => {
      const mail = renderDigestMail(translations, language, {
        entries: [
          { reference: 'CO-000042', kind: 'collection', action: 'schedule' },
          { reference: 'RR-000007', kind: 'refill_request', action: 'schedule' },
          // No label of its own for a collection: the shared one.
          { reference: 'CO-000043', kind: 'collection', action: 'collect' },
        ],
        link: 'https://portal.example/backoffice',
      });
      expect(mail.text).toContain(collection);
      expect(mail.text).toContain(refill);
      expect(mail.text).not.toContain('workItem.');
    },
  );
});
