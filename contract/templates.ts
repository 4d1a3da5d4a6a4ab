// Message templates and the links that reach a lead in one tap (WhatsApp, a call, an email).
import { object, string } from 'yup';
import { tenDigitPhone } from './phone.ts';
import { isStorableText, TEXT_MESSAGES, trimmed } from './text-rules.ts';

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

export const text = (label: string, max: number, multiline = false) =>
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
