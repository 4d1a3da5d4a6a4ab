// Saved views (a list with its filters, the member's own or shared) and a member's console preferences.
import { boolean, object, string, type InferType } from 'yup';
import type { ListSlug } from './lead-kinds.ts';
import { text } from './templates.ts';

export interface SavedView {
  id: string;
  name: string;
  list: ListSlug;
  /** The list's query string, as its URL has it (?status=new&owner=…). */
  query: string;
  shared: boolean;
  /** Whose view it is. */
  owner: { _id: string; name: string };
  mine: boolean;
}
export interface ViewsResponse {
  data: SavedView[];
}
export const viewSchema = object({
  name: text('Name', 60),
  list: string().required('List is required').max(40),
  query: string().typeError('query must be text').defined().max(1000, 'The view is too long').default(''),
  shared: boolean().typeError('shared must be true or false').default(false),
});
export type ViewInput = InferType<typeof viewSchema>;

/** A member's console settings, kept on the server so they follow them to any computer. */
export interface MemberPreferences {
  /** Per list: the optional columns shown, in order. */
  columns?: Partial<Record<ListSlug, string[]>>;
}
