// The tags in use on a list (GET /api/admin/tags?list=), most used first, for the list's Tag
// filter and the lead panel's "Add a tag" suggestions: one read and one way to ask again
// (a tag given or taken back), where each place wrote its own.
import { TAGS_PATH, type TagCount, type TagsResponse } from '../../../../../contract/tags.ts';
import type { ListSlug } from '../../../../../contract/lead-kinds.ts';
import { useAdminData } from './use-admin-data.ts';

/** The tags (empty while loading or when the read failed: a suggestion, never a blocker) and a reload. */
export function useTagsInUse(slug: ListSlug): [TagCount[], () => void] {
  const [inUse, reload] = useAdminData<TagsResponse>(`${TAGS_PATH}?list=${encodeURIComponent(slug)}`, 'Could not load the tags in use');
  return [inUse.state === 'error' ? [] : (inUse.data?.data ?? []), reload];
}
