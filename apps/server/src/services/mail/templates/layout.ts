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
  footer: string;
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
<tr><td style="padding:16px 24px;font-size:12px;color:#4b5260;border-top:1px solid #d9dde4">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
