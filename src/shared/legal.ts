/**
 * The privacy notice and the terms (src/web/pages/public/PrivacyPage.tsx, TermsPage.tsx): their paths and the day
 * their text last changed, shown on the page and given to the sitemap. Change the date with the text.
 */
export const legalPages = {
  privacy: { path: "/privacy", title: "Privacy notice", updatedOn: "2026-11-27" },
  terms: { path: "/terms", title: "Terms of use", updatedOn: "2026-11-27" },
} as const;
