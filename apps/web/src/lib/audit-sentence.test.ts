import { beforeAll, describe, expect, it } from 'vitest';
import { auditActions, FORMER_USER_LABEL, type AuditEvent } from '@portal/contract';
import { auditSentence } from './audit-sentence';
import { i18n } from './i18n';
import { initTestI18n } from './testing/i18n-for-tests';

const lyon = '00000000-0000-4000-8000-0000000000a1';
const dock = '00000000-0000-4000-8000-0000000000a2';

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  at: '2026-11-23T09:00:00.000Z',
  actor: 'ada@example.com',
  actorName: 'Ada Lovelace',
  action: 'member.role_changed',
  target: 'bob@example.com',
  targetName: null,
  before: null,
  after: null,
  names: {},
  ...overrides,
});

const sentenceIn = (language: 'en' | 'fr', audited: AuditEvent) =>
  auditSentence(i18n.getFixedT(language, ['audit']), audited);

beforeAll(async () => {
  await initTestI18n('en');
});

describe('an audit entry as a sentence', () => {
  it('names the people and the sites, in English and in French; no limit reads "all sites"', () => {
    const scoped = event({
      before: { role: 'buyer', siteIds: null },
      after: { role: 'viewer', siteIds: [lyon, dock] },
      names: { [lyon]: 'Lyon', [dock]: 'Dock' },
    });
    expect(sentenceIn('en', scoped)).toEqual({
      sentence: 'Ada Lovelace changed the access of bob@example.com.',
      changes: ['Role: Buyer → Viewer', 'Sites: all sites → Lyon, Dock'],
    });
    expect(sentenceIn('fr', scoped)).toEqual({
      sentence: "Ada Lovelace a modifié l'accès de bob@example.com.",
      changes: ['Rôle\u202f: Acheteur → Lecteur', 'Sites\u202f: tous les sites → Lyon, Dock'],
    });
  });

  it('says an invitation is for all sites, and a site gone since is deleted, never its id', () => {
    const invited = event({
      action: 'member.invited',
      actorName: null,
      after: { role: 'buyer', siteIds: null },
    });
    expect(sentenceIn('en', invited)).toEqual({
      sentence: 'ada@example.com invited bob@example.com.',
      changes: ['Role: Buyer', 'Sites: all sites'],
    });
    const gone = event({ after: { role: 'buyer', siteIds: [lyon] }, before: null });
    expect(sentenceIn('fr', gone).changes).toEqual([
      'Rôle\u202f: Acheteur',
      'Sites\u202f: (supprimé)',
    ]);
    expect(JSON.stringify(sentenceIn('en', gone))).not.toContain(lyon);
  });

  it('says the internal notes changed without a word of them, and lists what else did', () => {
    const updated = event({
      action: 'account.updated',
      actor: 'boss@provider.example',
      actorName: null,
      target: 'Acme',
      before: { name: 'Acme', verifiedDomains: [] },
      after: { name: 'Acme', verifiedDomains: ['acme.example'], notesChanged: true },
    });
    expect(sentenceIn('en', updated)).toEqual({
      sentence: 'boss@provider.example changed the account Acme.',
      changes: ['Verified domains: none → acme.example', 'The internal notes changed.'],
    });
    expect(sentenceIn('fr', updated).changes).toEqual([
      'Domaines vérifiés\u202f: aucun → acme.example',
      'Les notes internes ont changé.',
    ]);
  });

  it('names a person who erased their account as a former user, in the reader’s language', () => {
    const byErased = event({
      action: 'site.created',
      actor: FORMER_USER_LABEL,
      actorName: null,
      target: 'Dock',
    });
    expect(sentenceIn('en', byErased).sentence).toBe('A former user created the site Dock.');
    const erased = event({
      action: 'member.invited',
      actor: 'ada@example.com',
      target: FORMER_USER_LABEL,
    });
    expect(sentenceIn('fr', erased).sentence).toBe('Ada Lovelace a invité un ancien utilisateur.');
  });

  it('has a sentence for every action in both languages', () => {
    for (const language of ['en', 'fr'] as const) {
      for (const action of auditActions) {
        const { sentence } = sentenceIn(language, event({ action }));
        expect(sentence, `${language} ${action}`).not.toContain('sentences.');
        expect(sentence, `${language} ${action}`).not.toContain('{{');
      }
    }
  });
});
