import type { Company } from "../../../shared/content";

/** The site's names of the company's social networks (the keys of content/company.json's socials). */
const socialNames: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  x: "X",
  youtube: "YouTube",
};

/** Each social network the company is on, named as people know it, in the order of the company's data. */
export const socialLinksOf = (company: Company) =>
  Object.entries(company.socials).map(([key, href]) => ({
    key,
    href,
    name: socialNames[key] ?? key.charAt(0).toUpperCase() + key.slice(1),
  }));

/** A phone number as a link's digits: "+234 9 291 4470" → "+23492914470". */
const digitsOf = (phone: string) => phone.replace(/[^+\d]/g, "");

export const phoneHref = (phone: string) => `tel:${digitsOf(phone)}`;

/** WhatsApp's own link to a chat with the number (international, without the +), with a first line to send. */
export function whatsappHref(number: string, text: string) {
  return `https://wa.me/${digitsOf(number).replace(/^\+/, "")}?text=${encodeURIComponent(text)}`;
}

/** Opens the office's position in the visitor's maps app or in Google Maps on the web (no script of theirs on our pages). */
export const mapsHref = ({ latitude, longitude }: Company["geo"]) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
