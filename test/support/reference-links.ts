// The links of a generated reference that land nowhere: `page.html#id` with no such page, or no element
// with that id on it. The anchor is everything after the first `#` (a link to `#state#attacker` once
// passed a check that read only up to the second `#`).
const unescape = (t: string) => t.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

export function brokenLinks(pages: Map<string, string>): string[] {
  const ids = new Map([...pages].map(([name, html]) => [name, new Set([...html.matchAll(/ id="([^"]*)"/g)].map((m) => unescape(m[1]!)))]));
  const broken: string[] = [];
  for (const [name, html] of pages) {
    for (const m of html.matchAll(/ href="([^"]*)"/g)) {
      const href = unescape(m[1]!);
      if (/^https?:/.test(href) || href.endsWith(".css")) continue;
      const hash = href.indexOf("#");
      const page = hash < 0 ? href : href.slice(0, hash);
      const target = ids.get(page === "" ? name : page);
      if (!target || (hash >= 0 && !target.has(href.slice(hash + 1)))) broken.push(`${name} -> ${href}`);
    }
  }
  return broken;
}
