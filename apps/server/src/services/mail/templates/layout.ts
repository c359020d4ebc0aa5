/** Escapes text for HTML: every value that reaches a mail (names, links) goes through it. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Why a mail was sent, which closes it; and where the mail can be stopped, when it can (the
 * settings page that turns it off).
 */
export type MailFooter = string | { reason: string; stop: { label: string; href: string } };

/** Where the provider's identity goes in a mail's HTML, filled in as it is sent (signMail). */
const IDENTITY_SLOT = '<!--provider-identity-->';

function footerHtml(footer: MailFooter): string {
  if (typeof footer === 'string') return escapeHtml(footer);
  return `${escapeHtml(footer.reason)} <a href="${escapeHtml(footer.stop.href)}" style="color:#1852a8">${escapeHtml(footer.stop.label)}</a>`;
}

/**
 * A label and what it introduces (a link), as the language sets a colon: French puts a narrow
 * no-break space before it (as before ; ! ?), as every French text of the portal does; English
 * none.
 */
export function labelled(lang: string, label: string, value: string): string {
  return `${label}${lang === 'fr' ? '\u202f' : ''}: ${value}`;
}

function footerText(lang: string, footer: MailFooter): string {
  if (typeof footer === 'string') return footer;
  return `${footer.reason} ${labelled(lang, footer.stop.label, footer.stop.href)}`;
}

/**
 * The provider's look for every mail: a table layout with inline styles, because mail clients
 * ignore style sheets. `body` is trusted HTML built from escaped parts.
 */
export function renderMailLayout({
  lang,
  title,
  preheader,
  body,
  footer,
}: {
  lang: string;
  title: string;
  preheader: string;
  body: string;
  footer: MailFooter;
}): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#14171c">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f7f9;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="background:#1852a8;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(title)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4b5260;border-top:1px solid #d9dde4">${footerHtml(footer)}</td></tr>
${IDENTITY_SLOT}
</table>
</td></tr>
</table>
</body>
</html>`;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * One part of a mail, shown alike in its HTML and its plain text: a paragraph; the call to
 * action (red where it is the way in to the portal, as the sign-up button is); the link written
 * out for a client that shows no button (the text part already has it); small print; a list.
 */
export type MailBlock =
  | string
  | { button: string; href: string; tone?: 'entry' }
  | { linkIntro: string; href: string }
  | { smallPrint: string }
  | { list: string[] };

const buttonColours = { entry: '#c01f1f', action: '#1852a8' } as const;

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  if ('button' in block) {
    const background = buttonColours[block.tone ?? 'action'];
    return `<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${background};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(block.button)}</a></p>`;
  }
  if ('linkIntro' in block) {
    return `<p style="font-size:14px">${escapeHtml(block.linkIntro)}<br><a href="${escapeHtml(block.href)}" style="color:#1852a8;word-break:break-all">${escapeHtml(block.href)}</a></p>`;
  }
  if ('smallPrint' in block) {
    return `<p style="font-size:14px;color:#4b5260">${escapeHtml(block.smallPrint)}</p>`;
  }
  return `<ul>${block.list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
}

function blockText(lang: string, block: MailBlock): string | undefined {
  if (typeof block === 'string') return block;
  if ('button' in block) return labelled(lang, block.button, block.href);
  if ('linkIntro' in block) return undefined;
  if ('smallPrint' in block) return block.smallPrint;
  return block.list.map((line) => `- ${line}`).join('\n');
}

/**
 * A whole mail from its parts: the subject is the HTML's title, the preheader the line a mail
 * client shows beside it (the first paragraph unless said), and the footer closes both parts.
 */
export function composeMail({
  lang,
  subject,
  preheader,
  blocks,
  footer,
}: {
  lang: string;
  subject: string;
  preheader?: string;
  blocks: MailBlock[];
  footer: MailFooter;
}): RenderedMail {
  const firstParagraph = blocks.find((block) => typeof block === 'string') ?? subject;
  const html = renderMailLayout({
    lang,
    title: subject,
    preheader: preheader ?? firstParagraph,
    body: blocks.map(blockHtml).join('\n'),
    footer,
  });
  const paragraphs = blocks
    .map((block) => blockText(lang, block))
    .filter((text) => text !== undefined);
  const text = [...paragraphs, '--', footerText(lang, footer)]
    .join('\n\n')
    .replace('\n\n--\n\n', '\n\n--\n');
  return { subject, html, text };
}

/**
 * A mail closed with the provider's identity, as a company signs its letters: `lines` (its name,
 * address, contact, registration and VAT numbers) under the footer of the HTML and at the end of
 * the text. Applied as the mail is sent, so every mail carries the identity the settings give.
 */
export function signMail(
  mail: { html: string; text: string },
  lines: readonly string[],
): { html: string; text: string } {
  if (lines.length === 0) return mail;
  const block = `<tr><td style="padding:0 24px 16px;font-size:12px;color:#4b5260">${lines.map(escapeHtml).join('<br>')}</td></tr>`;
  const at = mail.html.lastIndexOf(IDENTITY_SLOT);
  return {
    html:
      at < 0
        ? mail.html
        : `${mail.html.slice(0, at)}${block}${mail.html.slice(at + IDENTITY_SLOT.length)}`,
    text: `${mail.text}\n\n${lines.join('\n')}`,
  };
}
