import { describe, expect, it } from 'vitest';
import type { Language } from '@portal/contract';
import type { MailKind } from '../outbox';
import { loadTranslations, translate } from '../../translations';
import { renderAlertRecipientConfirmationMail } from './alert-recipient-confirmation';
import { renderApiKeyExpiringMail } from './api-key-expiring';
import { renderDrumAlertMail } from './drum-alert';
import { renderDrumNoticeMail } from './drum-notice';
import { renderDrumRentNoticeMail } from './drum-rent-notice';
import { renderDrumStatementMail } from './drum-statement';
import { renderInvitationMail } from './invitation';
import type { RenderedMail } from './layout';
import { renderMemberAwaitingApprovalMail } from './member-awaiting-approval';
import { renderRegistrationDecisionMail } from './registration-decision';
import { renderSensorSilentMail } from './sensor-silent';
import { renderSignInLinkMail } from './sign-in-link';
import { renderStaffAddedMail } from './staff-added';
import { renderWebhookDisabledMail } from './webhook-disabled';
import { renderDigestMail, renderWorkItemMail } from './work-item-update';

const translations = loadTranslations();
const portal = 'https://portal.example';
const drum = { serial: 'TR-1', reference: 'U-1000', site: 'Quai 3' };

/**
 * Every kind of mail, as each is sent (a kind with several audiences, each of them), with why
 * its reader gets it and, where the reader can stop it, the page that does, in each language.
 * Keyed by the outbox's kinds, so a new kind of mail cannot go without its footer's test.
 */
const mails: Record<
  MailKind,
  Record<
    string,
    { render: (lng: Language) => RenderedMail; reason: Record<Language, string>; stop?: string }
  >
> = {
  sign_in_link: {
    visitor: {
      render: (lng) =>
        renderSignInLinkMail(translations, lng, { link: `${portal}/signin/x`, validMinutes: 15 }),
      reason: {
        en: 'because a sign-in to the customer portal was requested with this address',
        fr: "parce qu'une connexion au portail client a été demandée avec cette adresse",
      },
    },
  },
  invitation: {
    invitee: {
      render: (lng) =>
        renderInvitationMail(translations, lng, {
          link: `${portal}/invitation/x`,
          accountName: 'Câbles Durand',
          inviter: 'Marie Durand',
          validDays: 7,
        }),
      reason: {
        en: 'because Marie Durand, of Câbles Durand, invited this address',
        fr: 'parce que Marie Durand, de Câbles Durand, a invité cette adresse',
      },
    },
  },
  alert_recipient_confirmation: {
    outsider: {
      render: (lng) =>
        renderAlertRecipientConfirmationMail(translations, lng, {
          link: `${portal}/alerts/confirm/x`,
          account: 'Câbles Durand',
        }),
      reason: {
        en: 'because this address was added as a recipient of drum alerts',
        fr: 'parce que cette adresse a été ajoutée comme destinataire des alertes',
      },
    },
  },
  drum_alert: {
    recipient: {
      render: (lng) =>
        renderDrumAlertMail(translations, lng, {
          ...drum,
          remainingM: 50,
          remainingPct: 5,
          level: 'critical',
          portalUrl: `${portal}/refill`,
        }),
      reason: {
        en: 'because this address is on the drum alert list',
        fr: 'parce que cette adresse figure dans la liste des destinataires des alertes tourets',
      },
      stop: `${portal}/refill?tab=alerts`,
    },
  },
  sensor_silent: {
    recipient: {
      render: (lng) =>
        renderSensorSilentMail(translations, lng, {
          ...drum,
          lastReadingAt: new Date('2026-11-20T08:00:00Z'),
          portalUrl: `${portal}/refill`,
        }),
      reason: {
        en: 'because this address is on the drum alert list',
        fr: 'parce que cette adresse figure dans la liste des destinataires des alertes tourets',
      },
      stop: `${portal}/refill?tab=alerts`,
    },
  },
  refill_proposal: {
    buyer: {
      render: (lng) =>
        renderDrumNoticeMail(
          translations,
          lng,
          'refillProposal',
          { ...drum, remaining: '80', runOut: '1 Dec' },
          `${portal}/refill`,
          // As refill-proposals.ts gives it.
          translate(translations, 'mail', lng, 'footers.refillProposal'),
        ),
      reason: {
        en: "because you may order refills for this drum's site",
        fr: 'parce que vous pouvez commander des réapprovisionnements pour le site de ce touret',
      },
    },
  },
  webhook_disabled: {
    admin: {
      render: (lng) =>
        renderWebhookDisabledMail(translations, lng, {
          url: 'https://erp.example/hook',
          lastError: '500',
          portalUrl: `${portal}/integration`,
        }),
      reason: {
        en: 'because you are an admin of the account this webhook belongs to',
        fr: 'parce que vous êtes administrateur du compte auquel appartient ce webhook',
      },
    },
  },
  api_key_expiring: {
    'maker or admin': {
      render: (lng) =>
        renderApiKeyExpiringMail(translations, lng, {
          key: 'Gateway (cpk_AbCdEfGh…)',
          expiresAt: new Date('2026-12-20T08:00:00Z'),
          overlapHours: 24,
          portalUrl: `${portal}/integration`,
        }),
      reason: {
        en: 'because you made this API key or are an admin of its company',
        fr: "parce que vous avez créé cette clé d'API ou êtes administrateur du compte",
      },
    },
  },
  drum_rent_notice: {
    admin: {
      render: (lng) =>
        renderDrumRentNoticeMail(translations, lng, {
          serial: 'TR-1',
          site: 'Quai 3',
          rentStartsOn: '2026-12-01',
          daysLeft: 5,
          monthlyRate: 30,
          portalUrl: `${portal}/refill`,
        }),
      reason: {
        en: "because you are an admin of your company's account",
        fr: 'parce que vous êtes administrateur du compte de votre entreprise',
      },
    },
  },
  drum_statement: {
    subscriber: {
      render: (lng) =>
        renderDrumStatementMail(translations, lng, {
          month: '2026-10',
          link: `${portal}/api/documents/drum-statement?month=2026-10`,
          settingsLink: `${portal}/refill?tab=alerts`,
        }),
      reason: {
        en: 'because you asked for it',
        fr: "parce que vous l'avez demandé",
      },
      stop: `${portal}/refill?tab=alerts`,
    },
  },
  registration_decision: {
    applicant: {
      render: (lng) =>
        renderRegistrationDecisionMail(translations, lng, { approved: false, reason: 'x' }),
      reason: {
        en: 'because this address asked for access to the customer portal',
        fr: 'parce que cette adresse a demandé un accès au portail client',
      },
    },
  },
  member_awaiting_approval: {
    admin: {
      render: (lng) =>
        renderMemberAwaitingApprovalMail(translations, lng, {
          email: 'new@durand.example',
          accountName: 'Câbles Durand',
          link: `${portal}/team`,
        }),
      reason: {
        en: 'because you are an admin of Câbles Durand',
        fr: 'parce que vous êtes administrateur de Câbles Durand',
      },
    },
  },
  staff_added: {
    staff: {
      render: (lng) =>
        renderStaffAddedMail(translations, lng, {
          actor: 'Paul',
          role: 'agent',
          link: `${portal}/auth`,
        }),
      reason: {
        en: 'because a manager of the customer portal added this address to its staff',
        fr: "parce qu'un responsable du portail client a ajouté cette adresse",
      },
    },
  },
  work_item_update: {
    customer: {
      render: (lng) =>
        renderWorkItemMail(translations, lng, {
          reference: 'QR-000042',
          kind: 'quote',
          status: 'offered',
          audience: 'customer',
          link: `${portal}/spareparts`,
        }),
      reason: {
        en: 'because you made QR-000042 on the customer portal',
        fr: 'parce que vous avez fait la demande QR-000042 sur le portail client',
      },
    },
    'customer reminder': {
      render: (lng) =>
        renderWorkItemMail(translations, lng, {
          reference: 'QR-000042',
          kind: 'quote',
          status: 'offered',
          audience: 'customer',
          link: `${portal}/spareparts`,
          expiresOn: '2026-12-15',
        }),
      reason: {
        en: 'because you made QR-000042 on the customer portal',
        fr: 'parce que vous avez fait la demande QR-000042 sur le portail client',
      },
    },
    staff: {
      render: (lng) =>
        renderWorkItemMail(translations, lng, {
          reference: 'RR-000007',
          kind: 'refill_request',
          status: 'submitted',
          audience: 'staff',
          link: `${portal}/backoffice/items/x`,
        }),
      reason: {
        en: "because you handle RR-000007 on the customer portal's staff, or nobody does yet",
        fr: "parce que vous traitez RR-000007 au sein de l'équipe du portail client",
      },
      stop: `${portal}/backoffice`,
    },
    'staff digest': {
      render: (lng) =>
        renderDigestMail(translations, lng, {
          entries: [{ reference: 'RR-000007', kind: 'refill_request', action: 'create' }],
          link: `${portal}/backoffice`,
        }),
      reason: {
        en: 'because you chose one daily digest of the inbox',
        fr: 'parce que vous avez choisi un récapitulatif quotidien',
      },
      stop: `${portal}/backoffice`,
    },
  },
};

const cases = Object.entries(mails).flatMap(([kind, audiences]) =>
  Object.entries(audiences).flatMap(([audience, mail]) =>
    (['fr', 'en'] as const).map((lng) => ({ name: `${kind}, ${audience}, ${lng}`, lng, ...mail })),
  ),
);

describe("every mail's footer", () => {
  it.each(cases)('says truly why it was sent: $name', ({ render, lng, reason, stop }) => {
    const mail = render(lng);
    const footer = mail.text.slice(mail.text.lastIndexOf('\n--\n') + 4);
    expect(footer).toContain(reason[lng]);
    // No mail but the sign-in mail blames a sign-in.
    if (reason[lng] !== mails.sign_in_link.visitor!.reason[lng]) {
      expect(footer).not.toContain(mails.sign_in_link.visitor!.reason[lng]);
    }
    if (stop) {
      expect(footer).toContain(stop);
      expect(mail.html).toContain(`href="${stop}"`);
    }
    expect(`${mail.text}${mail.html}`).not.toMatch(/\b(footers|workItem|mail)\.[a-z]/);
  });

  it.each(cases)(
    'sets French punctuation after a narrow no-break space, English after none: $name',
    ({ render, lng }) => {
      const mail = render(lng);
      // What a reader sees: the subject, the text part, and the HTML's words without its tags.
      const seen = [mail.subject, mail.text, mail.html.replace(/<[^>]*>/g, ' ')];
      const slips = seen.flatMap((text) =>
        // A clause's punctuation (followed by a space or the end), not "08:00" or "https://".
        [...text.matchAll(/(.)([:;!?])(?=\s|$)/gu)]
          .filter((match) => (lng === 'fr' ? match[1] !== '\u202f' : /\s/u.test(match[1]!)))
          .map((match) => text.slice(Math.max(0, match.index - 30), match.index + 2)),
      );
      expect(slips).toEqual([]);
    },
  );

  it('names the inviter by name, not by address', () => {
    const mail = renderInvitationMail(translations, 'en', {
      link: `${portal}/invitation/x`,
      accountName: 'Câbles Durand',
      inviter: 'Marie Durand',
      validDays: 7,
    });
    expect(mail.subject).toBe('Marie Durand invites you to the Câbles Durand customer portal');
  });
});
