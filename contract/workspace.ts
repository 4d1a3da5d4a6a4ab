// The counsellor's workspace: its paths and the words its routes share. Its concepts have
// modules of their own: templates.ts (and the one-tap links), search.ts, views.ts, people.ts
// (merges), lead-import.ts.

export const WORKSPACE_PATHS = {
  /** GET (everyone who works or reads leads), POST (admins); PATCH/DELETE /{id} (admins). */
  templates: '/api/admin/templates',
  /** GET ?q=: leads across every list. */
  search: '/api/admin/search',
  /** GET: the member's views and the shared ones; POST; DELETE /{id}. */
  views: '/api/admin/views',
  /** POST { into, from }: join people; POST /{id}/undo. */
  merges: '/api/admin/people/merge',
  /** GET ?page=&q=: everyone; GET /{id}: one person in full. */
  people: '/api/admin/people',
  /** POST /{list} (text/csv): a preview, or ?commit=1 to store. */
  import: '/api/admin/import',
} as const;

export const WORKSPACE_MESSAGES = {
  templateNotFound: 'There is no such template',
  viewNotFound: 'There is no such view',
  searchShort: 'Type at least 2 characters',
  sortInvalid: 'There is no such column to sort by',
} as const;
