import { COMPANY_TIME_ZONE, zonedDateTime } from "../../shared/zoned-time.js";

/**
 * Every email the server sends is laid out here, once: the logo and brand colours, the recipient's name in the
 * greeting, the text, a button for the one thing to do, photo thumbnails where the email is about photos, and a
 * footer with the company's address and where to choose which emails one receives; with a plain-text part saying
 * the same (docs/decisions/122-one-email-layout.md).
 */

/** A piece of a paragraph: text, text in bold, a code to type, or a link. */
export type EmailText = string | { strong: string } | { code: string } | { link: string; label: string };
/** A paragraph: one piece, or several read in one line. */
export type EmailParagraph = EmailText | readonly EmailText[];

/** A photo shown as a thumbnail: a small JPEG sent inside the email (an inline part), never an address to fetch. */
export type EmailPhoto = { jpeg: Buffer; alt: string };

/**
 * Who an email goes to, for its footer: an account (where to choose its emails), the owner of an account just
 * deleted, a visitor who gave their address in the contact form, or the company's own inbox.
 */
export type EmailAudience = "account" | "deleted account" | "visitor" | "company";

export type EmailContent = {
  /** The recipient's name for the greeting ('Hello Ada,'); null where there is no name to use ('Hello,'). */
  recipientName: string | null;
  paragraphs: readonly EmailParagraph[];
  /** Text kept as its writer typed it (a visitor's message), shown quoted. */
  quote?: string;
  /** The one thing to do, as a button (its address written out in the plain text). */
  action?: { label: string; url: string };
  photos?: readonly EmailPhoto[];
  /** How many photos the email is about, when more than those shown ('and 3 more photos'). */
  photoTotal?: number;
  /** Said after the button, in a smaller type (what to do if this was not asked for). */
  afterword?: readonly EmailParagraph[];
  /** 'account' unless given. */
  audience?: EmailAudience;
};

/** What the layout needs of the company: its name and address as the public site shows them, and the site's origin. */
export type EmailBrand = {
  origin: string;
  company: { name: string; address: { street: string; locality: string; region: string; postalCode: string; countryName: string } } | null;
};

export type EmailAttachment = { filename: string; content: Buffer; contentType: string; cid: string };
export type LaidOutEmail = { html: string; text: string; attachments: EmailAttachment[] };

/** The brand palette (docs/product.md#brand): deep navy, its lighter slate, the bronze accent and its darker shade. */
const colours = { navy: "#051822", slate: "#2d383e", accent: "#aa7452", accentDark: "#7c5841", page: "#f4f4f2", muted: "#5f676c" };
const FONT = "font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif";

/** The path of the settings' notification preferences, in the portal. */
export const NOTIFICATION_SETTINGS_PATH = "/settings#notifications";

/** Escapes text for an HTML email body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * An instant as emails write it, in the recipient's time zone with its name: '27 November 2026 at 09:05 WAT' (the
 * company's zone for a recipient who has not chosen one, or who has no account). Every time an email shows goes
 * through here, so that how emails write times is decided in one place.
 */
export function emailTime(instant: Date, zone: string | null = COMPANY_TIME_ZONE): string {
  return zonedDateTime(instant, zone ?? COMPANY_TIME_ZONE);
}

const pieces = (paragraph: EmailParagraph): readonly EmailText[] =>
  typeof paragraph === "string" || !Array.isArray(paragraph) ? [paragraph as EmailText] : paragraph;

function pieceHtml(piece: EmailText): string {
  if (typeof piece === "string") return escapeHtml(piece);
  if ("strong" in piece) return `<strong>${escapeHtml(piece.strong)}</strong>`;
  if ("code" in piece) return `<strong style="font-size:1.4em;letter-spacing:0.1em">${escapeHtml(piece.code)}</strong>`;
  return `<a href="${escapeHtml(piece.link)}" style="color:${colours.accentDark};text-decoration:underline">${escapeHtml(piece.label)}</a>`;
}

function pieceText(piece: EmailText): string {
  if (typeof piece === "string") return piece;
  if ("strong" in piece) return piece.strong;
  if ("code" in piece) return piece.code;
  return piece.label === piece.link ? piece.link : `${piece.label} (${piece.link})`;
}

const paragraphHtml = (paragraph: EmailParagraph, style: string) =>
  `<p style="margin:0 0 16px;${style}">${pieces(paragraph).map(pieceHtml).join("")}</p>`;
const paragraphText = (paragraph: EmailParagraph) => pieces(paragraph).map(pieceText).join("");

function addressLines(brand: EmailBrand): string[] {
  if (!brand.company) return [];
  const { street, locality, region, postalCode, countryName } = brand.company.address;
  return [brand.company.name, street, `${locality}, ${region} ${postalCode}`.trim(), countryName].filter(Boolean);
}

function footerNote(audience: EmailAudience, origin: string): EmailParagraph {
  if (audience === "visitor") {
    return [
      `You receive this email because this address was given in the contact form at `,
      { link: `${origin}/contact`, label: `${origin}/contact` },
      ".",
    ];
  }
  if (audience === "deleted account") return "This is the last email we send to this address about your account.";
  if (audience === "company") return ["Sent by the portal at ", { link: origin, label: origin }, "."];
  return [
    "You receive this email because you have an account with us. Choose which emails you receive in your ",
    { link: `${origin}${NOTIFICATION_SETTINGS_PATH}`, label: "notification preferences" },
    ".",
  ];
}

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** An email's HTML and plain-text parts, and its inline photos, in the one layout. */
export function layoutEmail(subject: string, content: EmailContent, brand: EmailBrand): LaidOutEmail {
  const { origin } = brand;
  const audience = content.audience ?? "account";
  const greeting = content.recipientName ? `Hello ${content.recipientName},` : "Hello,";
  const photos = content.photos ?? [];
  const attachments = photos.map((photo, index) => ({
    filename: `photo-${index + 1}.jpg`,
    content: photo.jpeg,
    contentType: "image/jpeg",
    cid: `photo-${index + 1}@crestbuild`,
  }));
  const morePhotos = Math.max(0, (content.photoTotal ?? photos.length) - photos.length);
  const companyName = brand.company?.name ?? "Crestbuild";
  const footer = [...addressLines(brand)];
  const note = footerNote(audience, origin);
  const body = `font-size:16px;line-height:1.5;color:${colours.navy}`;
  const small = `font-size:13px;line-height:1.5;color:${colours.muted}`;

  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${colours.page};${FONT}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">`,
    `<tr><td style="background:${colours.navy};padding:16px 24px;border-bottom:4px solid ${colours.accent}">`,
    `<a href="${escapeHtml(origin)}" style="text-decoration:none;color:#ffffff"><img src="${escapeHtml(`${origin}/brand/logo.jpg`)}" width="40" height="40" alt="" style="vertical-align:middle;border:0;border-radius:4px"> <span style="vertical-align:middle;font-size:18px;font-weight:700;color:#ffffff;${FONT}">${escapeHtml(companyName)}</span></a>`,
    "</td></tr>",
    `<tr><td style="padding:24px;${FONT}">`,
    paragraphHtml(greeting, body),
    ...content.paragraphs.map((paragraph) => paragraphHtml(paragraph, body)),
    content.quote
      ? `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${colours.accent};white-space:pre-wrap;${body}">${escapeHtml(content.quote)}</blockquote>`
      : "",
    photos.length > 0
      ? `<p style="margin:0 0 16px">${photos
          .map(
            (photo, index) =>
              `<img src="cid:${attachments[index]?.cid}" alt="${escapeHtml(photo.alt)}" width="160" style="width:160px;max-width:45%;height:auto;border:0;border-radius:4px;margin:0 8px 8px 0">`,
          )
          .join("")}${morePhotos > 0 ? `<br><span style="${small}">and ${plural(morePhotos, "more photo", "more photos")}</span>` : ""}</p>`
      : "",
    content.action
      ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${colours.accentDark};color:#ffffff;font-weight:600;text-decoration:none;padding:12px 20px;border-radius:6px;${FONT}">${escapeHtml(content.action.label)}</a></p>`
      : "",
    ...(content.afterword ?? []).map((paragraph) => paragraphHtml(paragraph, small)),
    "</td></tr>",
    `<tr><td style="padding:16px 24px;background:${colours.page};border-top:1px solid #dcdcd8;${FONT}">`,
    footer.length > 0 ? `<p style="margin:0 0 8px;${small}">${footer.map(escapeHtml).join("<br>")}</p>` : "",
    paragraphHtml(note, `${small};margin:0`),
    "</td></tr></table>",
    "</td></tr></table></body></html>",
  ].join("");

  const text = [
    greeting,
    ...content.paragraphs.map(paragraphText),
    ...(content.quote ? [content.quote] : []),
    ...(photos.length > 0 || morePhotos > 0
      ? [`${plural(photos.length + morePhotos, "photo comes", "photos come")} with it: see them in the portal.`]
      : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.afterword ?? []).map(paragraphText),
    ["--", ...footer, paragraphText(note)].join("\n"),
  ].join("\n\n");

  return { html, text, attachments };
}
