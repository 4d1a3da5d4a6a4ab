/** Text for HTML (emails, server-rendered pages): the five characters that could break out of it, as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A plain-text email's HTML part: each line its own block (an empty line a break), escaped,
 * and `link`, where a line holds it, made an anchor, so a mail app opens it with one tap.
 */
export function linesHtml(lines: readonly string[], link?: string): string {
  const block = (line: string) => {
    const text = escapeHtml(line);
    return link ? text.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : text;
  };
  return `<div style="font-family:sans-serif;line-height:1.5">${lines.map((l) => (l === '' ? '<br>' : `<div>${block(l)}</div>`)).join('')}</div>`;
}
