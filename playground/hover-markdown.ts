// Doc comments are written by whoever wrote the rules, and a share link can carry rules from anyone.
// The markdown given to Monaco never holds an image (the API's `withoutImages`, which the language
// server uses too), and never holds HTML.
import { withoutImages } from "../src/api/report.ts";

export { withoutImages };

/** The markdown as Monaco content that shows text and links but loads nothing. */
export function inertMarkdown(markdown: string): { value: string; supportHtml: false; isTrusted: false } {
  return { value: withoutImages(markdown), supportHtml: false, isTrusted: false };
}
