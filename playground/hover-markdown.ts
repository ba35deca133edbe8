// Doc comments are written by whoever wrote the rules, and a share link can carry rules from anyone.
// Monaco renders markdown images as `<img src=...>`, which the browser fetches as soon as a hover
// opens: a `/// ![x](https://example.com/t.png)` would tell a remote server who hovered, and when.
// So the markdown given to Monaco never holds an image, and never holds HTML.

/** The markdown as Monaco content that shows text and links but loads nothing. */
export function inertMarkdown(markdown: string): { value: string; supportHtml: false; isTrusted: false } {
  return { value: withoutImages(markdown), supportHtml: false, isTrusted: false };
}

/**
 * Every image opener `![` written as `&#33;[`: the character reference is the text "!" and cannot
 * begin an image, so `![alt](url)` shows as "!" and a link to `url`, which loads only when clicked.
 * This holds for every spelling of an image (inline, reference, after a backslash) because all of
 * them begin `![`. Inside a code span it shows as written, `&#33;[`: doc comments seldom hold one.
 */
export function withoutImages(markdown: string): string {
  return markdown.replace(/!\[/g, "&#33;[");
}
