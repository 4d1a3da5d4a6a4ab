// Reaching a lead in one tap: the message templates (fetched once per console), a template
// filled for a lead, and the WhatsApp, call and email links (contract/workspace.ts builds
// them, so the number is always +91 and ten digits and an address can never add a recipient).
import { useEffect, useState } from 'react';
import type { ActionType } from '../../../../../contract/desk.ts';
import {
  callLink,
  emailLink,
  fillTemplate,
  whatsappLink,
  WORKSPACE_PATHS,
  type MessageTemplate,
  type TemplateChannel,
  type TemplatesResponse,
} from '../../../../../contract/workspace.ts';
import { leadName } from '../controls.tsx';
import { adminRequest } from '../request.ts';

/** The ways to reach a lead that open something outside the console. */
export type ReachType = Extract<ActionType, 'whatsapp' | 'call' | 'email'>;

let cached: Promise<MessageTemplate[]> | undefined;

/** Templates change rarely (admins edit them on their page, which calls `forgetTemplates`). */
function loadTemplates(): Promise<MessageTemplate[]> {
  cached ??= adminRequest<TemplatesResponse>(WORKSPACE_PATHS.templates).then(
    ({ data }) => data.data,
    (err: unknown) => {
      cached = undefined;
      throw err;
    },
  );
  return cached;
}

export function forgetTemplates(): void {
  cached = undefined;
}

export function useTemplates(channel: TemplateChannel): MessageTemplate[] {
  const [templates, setTemplates] = useState<MessageTemplate[]>([]);
  useEffect(() => {
    let live = true;
    loadTemplates().then(
      (all) => live && setTemplates(all.filter((t) => t.channel === channel)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [channel]);
  return templates;
}

/** The template text for this lead, from this member. */
export function messageFor(template: MessageTemplate | undefined, lead: Record<string, unknown>, counsellor: string): string {
  if (!template) return '';
  const course = typeof lead.course === 'string' ? lead.course : '';
  const link = typeof window === 'undefined' ? '' : `${window.location.origin}/`;
  return fillTemplate(template.body, { name: leadName(lead).trim() || 'there', course, counsellor, link });
}

export interface ReachLinks {
  whatsapp?: string;
  call?: string;
  email?: string;
}

export function reachLinks(
  lead: Record<string, unknown>,
  counsellor: string,
  templates: { whatsapp?: MessageTemplate; email?: MessageTemplate },
): ReachLinks {
  const phone = typeof lead.phone === 'string' ? lead.phone : '';
  const email = typeof lead.email === 'string' ? lead.email : '';
  return {
    whatsapp: phone ? whatsappLink(phone, messageFor(templates.whatsapp, lead, counsellor)) : undefined,
    call: phone ? callLink(phone) : undefined,
    email: email ? emailLink(email, templates.email?.name ?? '', messageFor(templates.email, lead, counsellor)) : undefined,
  };
}
