// A lead's tags: short labels a rule, a bulk change or a member gives a lead ("College fair",
// "Parent called"), shown on the lead, filtered on in the lists (`?tag=`), and taken back by
// a member or a bulk change's undo. One rule for what a tag may be, so a tag a rule gives can
// always be typed back into the filter and removed from the lead.
import { string } from 'yup';

export const TAG_MAX = 40;

/**
 * Letters of any script with their marks (Devanagari's vowel signs and nukta are marks:
 * "फ़ोन" is not letters alone), digits, spaces, - and _.
 */
export const TAG_PATTERN = /^[\p{L}\p{M}\p{N} _-]{1,40}$/u;

export const TAG_MESSAGE = `A tag is 1 to ${TAG_MAX} letters, digits, spaces, - or _`;

/** A tag as sent: trimmed, then checked. */
export const tagField = () => string().typeError(TAG_MESSAGE).trim().required(TAG_MESSAGE).matches(TAG_PATTERN, TAG_MESSAGE);

/** GET /api/admin/tags?list={slug}: the tags in use on a list's leads the member may see, most used first. */
export interface TagCount {
  tag: string;
  leads: number;
}

/** How many tags the filter offers at most (the most used). */
export const TAGS_LISTED_MAX = 200;

/** GET {TAGS_PATH}?list={slug} → { data: TagCount[] } (members who read leads). */
export const TAGS_PATH = '/api/admin/tags';

export interface TagsResponse {
  data: TagCount[];
}
