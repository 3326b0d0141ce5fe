// Just enough Markdown to check the manual's links: links outside code, and the anchors GitHub
// gives headings. Not a Markdown parser: fenced blocks and code spans are blanked, then links and
// headings are found with regular expressions, which is all the docs use.

export interface MarkdownLink {
  /** The target as written, e.g. `settings.md#every-variable` or `#names`. */
  readonly target: string;
  readonly line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The text with fenced code blocks replaced by empty lines, so line numbers stay right. */
export function withoutCodeBlocks(markdown: string): string {
  let fence: string | undefined;
  const lines = markdown.split('\n').map((line) => {
    const opening = FENCE.exec(line)?.[1];
    if (fence === undefined && opening !== undefined) {
      fence = opening;
      return '';
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined;
      return '';
    }
    return line;
  });
  return lines.join('\n');
}

/** Code spans (`a`, ``a `b` c``, which may run over a line break) replaced by their length in spaces. */
function withoutCodeSpans(text: string): string {
  // A span never crosses a blank line (a stray backtick must not hide the rest of the file).
  return text.replace(/(`+)(?!`)(?:(?!\n\s*\n)[\s\S])*?[^`]\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** Inline links and images outside code: `[text](target)` and `![alt](target "title")`. */
export function findLinks(markdown: string): MarkdownLink[] {
  const text = withoutCodeSpans(withoutCodeBlocks(markdown));
  const links: MarkdownLink[] = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    links.push({ target: match[1], line });
  }
  return links;
}

/** GitHub's anchor of a heading text (github-slugger): lower case, punctuation dropped, spaces to `-`. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every heading anchor of a document; a repeated heading gets `-1`, `-2`, ... as on GitHub. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
