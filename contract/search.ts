// The console's search across every list a member may see (GET /api/admin/search).
import type { ListSlug } from './lead-kinds.ts';

/** One lead found by GET /api/admin/search. */
export interface SearchHit {
  list: ListSlug;
  _id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
}
export interface SearchResponse {
  data: SearchHit[];
}
/** Hits per search at most (the newest; a narrower query finds the rest). */
export const SEARCH_MAX = 50;
