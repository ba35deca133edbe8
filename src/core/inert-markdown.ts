// Doc comments are written by whoever wrote the rules, and rules travel (share links, traded files).
// An editor renders hover and completion markdown, and an image in it (`<img src=...>`) is fetched as
// soon as the hover opens: a `/// ![x](https://example.com/t.png)` would tell a remote server who
// hovered, and when. The playground and the language server both show doc markdown through this.

/**
 * Every image opener `![` written as `&#33;[`: the character reference is the text "!" and cannot
 * begin an image, so `![alt](url)` shows as "!" and a link to `url`, which loads only when clicked.
 * This holds for every spelling of an image (inline, reference, after a backslash) because all of
 * them begin `![`. Inside a code span it shows as written, `&#33;[`: doc comments seldom hold one.
 * HTML is the host's to refuse (Monaco's `supportHtml: false`; LSP clients render markdown without it).
 */
export function withoutImages(markdown: string): string {
  return markdown.replace(/!\[/g, "&#33;[");
}
