/** Text for HTML (emails, server-rendered pages): the five characters that could break out of it, as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
