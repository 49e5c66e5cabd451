/** Small readers of server-rendered HTML for tests: what a crawler sees without running scripts. */

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1] ?? "") : null;
};

export function readPage(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const body = /<div id="root">([\s\S]*)<\/div>\s*<script id="app-state"/.exec(html)?.[1] ?? "";
  const metaTags = [...head.matchAll(/<meta [^>]*>/g)].map((match) => match[0]);
  const meta = (key: string) => {
    const tag = metaTags.find((candidate) => attribute(candidate, "name") === key || attribute(candidate, "property") === key);
    return tag ? attribute(tag, "content") : null;
  };
  const text = (fragment: string) =>
    decode(
      fragment
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  return {
    title: text(/<title[^>]*>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ""),
    meta,
    canonical: attribute(/<link [^>]*rel="canonical"[^>]*>/.exec(head)?.[0] ?? "", "href"),
    jsonLd: [...head.matchAll(/<script [^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
    ),
    h1: [...body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => text(match[1] ?? "")),
    bodyText: text(body),
    links: [...body.matchAll(/<a [^>]*>/g)].map((match) => attribute(match[0], "href")),
  };
}
