// The counsellor's workspace beyond the desk: message templates and the links that reach a
// lead in one tap (WhatsApp, a call, an email), saved views and column preferences, search
// across every list, people (one record per person, merges), sorting, import and export.
// What the console and the API agree on.
import { array, boolean, object, string, type InferType } from 'yup';
import { CONSENT_BASIS_MAX, CONSENT_BASIS_MIN } from './consent.ts';
import type { ListSlug } from './lead-kinds.ts';
import { tenDigitPhone } from './phone.ts';
import type { TimelineEntry } from './console.ts';
import { isStorableText, TEXT_MESSAGES } from './text-rules.ts';

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

export const TEMPLATE_LANGUAGES = ['english', 'hindi', 'hinglish'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export const TEMPLATE_LANGUAGE_LABELS: Record<TemplateLanguage, string> = {
  english: 'English',
  hindi: 'हिन्दी (Hindi)',
  hinglish: 'Hinglish',
};
export const TEMPLATE_CHANNELS = ['whatsapp', 'email'] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
export const TEMPLATE_PLACEHOLDERS = ['{name}', '{course}', '{counsellor}', '{link}'] as const;
export const TEMPLATE_BODY_MAX = 2000;
/** The state of a lead a template is written for: the console opens on one that fits. */
export const TEMPLATE_STAGES = ['first', 'follow-up', 'any'] as const;
export type TemplateStage = (typeof TEMPLATE_STAGES)[number];
export const TEMPLATE_STAGE_LABELS: Record<TemplateStage, string> = {
  first: 'First contact (a new lead)',
  'follow-up': 'Follow-up (after a contact or an attempt)',
  any: 'Any time',
};

export interface MessageTemplate {
  id: string;
  name: string;
  language: TemplateLanguage;
  channel: TemplateChannel;
  body: string;
  stage: TemplateStage;
}
export interface TemplatesResponse {
  data: MessageTemplate[];
}

const TEMPLATE_PLACEHOLDER_MESSAGE = `A message may use only ${TEMPLATE_PLACEHOLDERS.join(', ')}, each in its braces`;

/** Every brace in `body` is part of a known placeholder: nothing could reach a lead as "{cours}" or a lone "{". */
function bracesKnown(body: string): boolean {
  return !/[{}]/.test(body.replace(/\{(name|course|counsellor|link)\}/g, ''));
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const text = (label: string, max: number, multiline = false) =>
  string()
    .typeError(`${label} is required`)
    .transform(trimmed)
    .required(`${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .test('storable', TEXT_MESSAGES.notAllowedCharacters(label), (v) => v === undefined || isStorableText(v, multiline));

export const templateSchema = object({
  name: text('Name', 80),
  language: string()
    .required('Language is required')
    .oneOf([...TEMPLATE_LANGUAGES], `Language must be one of: ${TEMPLATE_LANGUAGES.join(', ')}`),
  channel: string()
    .required('Channel is required')
    .oneOf([...TEMPLATE_CHANNELS], `Channel must be one of: ${TEMPLATE_CHANNELS.join(', ')}`),
  body: text('Message', TEMPLATE_BODY_MAX, true).test(
    'placeholders',
    TEMPLATE_PLACEHOLDER_MESSAGE,
    (v) => v === undefined || bracesKnown(v),
  ),
  stage: string()
    .oneOf([...TEMPLATE_STAGES], `Fits must be one of: ${TEMPLATE_STAGES.join(', ')}`)
    .default('any'),
});
export const templateUpdateSchema = object({
  name: text('Name', 80).optional().default(undefined),
  language: string()
    .oneOf([...TEMPLATE_LANGUAGES])
    .optional(),
  channel: string()
    .oneOf([...TEMPLATE_CHANNELS])
    .optional(),
  body: text('Message', TEMPLATE_BODY_MAX, true)
    .test('placeholders', TEMPLATE_PLACEHOLDER_MESSAGE, (v) => v === undefined || bracesKnown(v))
    .optional()
    .default(undefined),
  stage: string()
    .oneOf([...TEMPLATE_STAGES])
    .optional(),
}).test('something', 'Send a name, language, channel or message', (v) => Object.values(v).some((x) => x !== undefined));

/** What a lead and the member give a template; a value missing or blank falls back (TEMPLATE_FALLBACKS). */
export interface TemplateValues {
  name?: string;
  course?: string;
  counsellor?: string;
  link?: string;
}

/**
 * Words that read well where a lead has no value (a contact message names no course), in the
 * template's language: "Thank you for your interest in our courses." A missing link has none:
 * a template that needs one is not offered.
 */
export const TEMPLATE_FALLBACKS: Record<TemplateLanguage, { name: string; salutation: string; course: string; counsellor: string }> = {
  english: { name: 'there', salutation: 'student', course: 'our courses', counsellor: 'the SkillUp team' },
  hindi: { name: 'जी', salutation: 'विद्यार्थी', course: 'हमारे कोर्स', counsellor: 'SkillUp टीम' },
  hinglish: { name: 'there', salutation: 'student', course: 'hamare courses', counsellor: 'SkillUp team' },
};

const present = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A lead's values for a template: its name (or first and last), its course (or a booking's programme). */
export function templateValuesFor(lead: Record<string, unknown>, counsellor: string, link: string): TemplateValues {
  const name = present(lead.name) ?? present([lead.firstName, lead.lastName].filter((p) => typeof p === 'string').join(' '));
  return { name, course: present(lead.course) ?? present(lead.programme), counsellor: present(counsellor), link: present(link) };
}

/**
 * A template with its placeholders filled, a missing value replaced by words that read well
 * ("Dear {name}" by "Dear student", "Hi {name}" by "Hi there"), and no space left before a
 * full stop or a comma. Undefined when it cannot be sent whole to this lead: it needs a link
 * there is none of, or it holds a brace that is no placeholder.
 */
export function fillTemplate(body: string, values: TemplateValues, language: TemplateLanguage = 'english'): string | undefined {
  if (!bracesKnown(body)) return undefined;
  const fallback = TEMPLATE_FALLBACKS[language];
  if (body.includes('{link}') && !present(values.link)) return undefined;
  const filled = body
    .replace(/(\b(?:Dear|प्रिय)\s+)\{name\}/g, (_, before: string) => before + (present(values.name) ?? fallback.salutation))
    .replace(/\{(name|course|counsellor|link)\}/g, (_, key: keyof TemplateValues) => present(values[key]) ?? fallback[key as 'name'] ?? '');
  return filled
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([.,!?।])/g, '$1')
    .replace(/[ \t]+$/gm, '');
}

/** Each template's text for this lead, leaving out those that cannot be sent whole to it. */
export function templatesFor(templates: MessageTemplate[], values: TemplateValues): Array<{ template: MessageTemplate; message: string }> {
  return templates.flatMap((template) => {
    const message = fillTemplate(template.body, values, template.language);
    return message === undefined ? [] : [{ template, message }];
  });
}

/**
 * The template to open on for a lead in this state: the first written for it (a first hello
 * for a new lead, a follow-up after a contact), else one for any time, else the first.
 */
export function defaultTemplate<T extends Pick<MessageTemplate, 'stage'>>(templates: T[], leadStatus: string): T | undefined {
  const wanted: TemplateStage = leadStatus === 'new' ? 'first' : 'follow-up';
  return templates.find((t) => t.stage === wanted) ?? templates.find((t) => t.stage === 'any') ?? templates[0];
}

/** WhatsApp's link to a chat with this number, the message ready to send. */
export function whatsappLink(phone: string, message: string): string | undefined {
  const ten = tenDigitPhone(phone);
  if (!ten) return undefined;
  return `https://wa.me/91${ten}${message ? `?text=${encodeURIComponent(message)}` : ''}`;
}

export function callLink(phone: string): string | undefined {
  const ten = tenDigitPhone(phone);
  return ten ? `tel:+91${ten}` : undefined;
}

/**
 * A mailto: link. The address is percent-encoded whole, so `?`, `&` and `=` in it stay part
 * of the address: `x?cc=evil@y` can never add a recipient or a header.
 */
export function emailLink(address: string, subject: string, body: string): string {
  const query = [subject ? `subject=${encodeURIComponent(subject)}` : '', body ? `body=${encodeURIComponent(body)}` : '']
    .filter(Boolean)
    .join('&');
  return `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}${query ? `?${query}` : ''}`;
}

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

/** A lead in a merge: its list and id. */
export const leadRefSchema = object({ list: string().required().max(40), _id: string().required().max(64) });
export const mergeSchema = object({
  into: leadRefSchema.required('Say which lead to keep as the person'),
  from: array(leadRefSchema).required().min(1, 'Choose at least one lead to merge in').max(20, 'At most 20 at once'),
});
export type MergeInput = InferType<typeof mergeSchema>;

export const WORKSPACE_MESSAGES = {
  templateNotFound: 'There is no such template',
  viewNotFound: 'There is no such view',
  personNotFound: 'There is no such person',
  mergeNotFound: 'There is no such merge',
  mergeSame: 'These are already one person',
  mergeUndone: 'This merge was undone already',
  mergeUnlinked: 'One of these leads is still being matched to a person; try again in a few seconds',
  searchShort: 'Type at least 2 characters',
  sortInvalid: 'There is no such column to sort by',
  importEmpty: 'The file has no rows under its header',
  importNotUtf8: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".',
  importTooLarge: 'The file is too large: at most 10,000 rows and 5 MB',
  importMissingColumns: (columns: string[]) => `The file's header lacks: ${columns.join(', ')}`,
  consentBasisRequired: `Say how the people in this file agreed to be contacted, in at least ${CONSENT_BASIS_MIN} characters (for example "paper form at the Pune career fair, 12 Nov, consent box ticked")`,
  consentBasisTooLong: `Say it in at most ${CONSENT_BASIS_MAX} characters`,
  consentBasisCharacters: 'The consent basis contains characters that are not allowed',
} as const;

/**
 * An import's consent basis (\`consentBasis\`): how the file was collected and what its people
 * agreed to, stored as each imported lead's consent record. Required. The error, or undefined.
 */
export function consentBasisError(value: string | null | undefined): string | undefined {
  const basis = (value ?? '').trim();
  if (basis.length < CONSENT_BASIS_MIN) return WORKSPACE_MESSAGES.consentBasisRequired;
  if (basis.length > CONSENT_BASIS_MAX) return WORKSPACE_MESSAGES.consentBasisTooLong;
  if (!isStorableText(basis)) return WORKSPACE_MESSAGES.consentBasisCharacters;
  return undefined;
}

/** Rows one import may hold, and bytes. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** One row of an import's answer. */
export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  ok: boolean;
  /** Why it cannot be stored: the form's own messages, by field. */
  errors?: Record<string, string>;
  /** Stored earlier (the same file, or the same row in another import of it). */
  duplicate?: boolean;
  /** The same email or phone as this earlier line of the file: left out, so no one is imported twice. */
  duplicateOf?: number;
  /** Each problem as a sentence that names the person and shows the value ("Line 29, Ravi Kumar: '9.12346E+09' is not …"). */
  messages?: string[];
}
export interface ImportResponse {
  fileName: string;
  committed: boolean;
  total: number;
  valid: number;
  invalid: number;
  /** On commit: rows stored now, and rows already stored by an earlier import of this file. */
  stored?: number;
  alreadyStored?: number;
  /** Header cells that name no field of the form: their values are not imported (a Date column among them: a lead's date is when it is imported). */
  ignoredColumns: string[];
  /** With ?assignToMe=1: the stored leads now the importer's (a lead round robin gave to a colleague stays theirs). */
  assignedToMe?: number;
  rows: ImportRow[];
}

/** A person in the People list: their newest name, email and phone, and what they sent. */
export interface PersonSummary {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** Their leads the member may see, in how many lists. */
  leads: number;
  lists: ListSlug[];
  /** Their newest submission. */
  lastAt: string;
  status: string;
  assignee: { _id: string; name: string } | null;
}
export interface PeopleListResponse {
  data: PersonSummary[];
  hasMore: boolean;
}
/** Another person who shares an email or a phone with this one: likely the same, to merge. */
export interface LikelyDuplicate extends PersonSummary {
  reason: 'same email' | 'same phone';
  /** One of their leads: what a merge names to join them. */
  lead: { list: ListSlug; _id: string };
}
export interface PersonMerge {
  id: string;
  /** The person joined into this one (from) or this one's new home (into). */
  from: string;
  into: string;
  moved: number;
  /** The name on the leads it moved (as the member may see them; '' when none). */
  name: string;
  by: string;
  at: string;
  undone: boolean;
}
/** GET /api/admin/people/{id}. */
export interface PersonDetail {
  id: string;
  name: string;
  emails: string[];
  phones: string[];
  /** Each lead as its list gives it, with its list. */
  leads: Array<Record<string, unknown> & { list: ListSlug; _id: string; status: string; createdAt: string }>;
  timeline: TimelineEntry[];
  duplicates: LikelyDuplicate[];
  merges: PersonMerge[];
}
