// Reaching a lead in one tap: the message templates (fetched once per console), a template
// filled for a lead, and the WhatsApp, call and email links (contract/workspace.ts builds
// them, so the number is always +91 and ten digits and an address can never add a recipient).
import { useEffect, useState } from 'react';
import type { ActionType } from '../../../../../contract/activities.ts';
import {
  callLink,
  defaultTemplate,
  emailLink,
  templatesFor,
  templateValuesFor,
  whatsappLink,
  type MessageTemplate,
  type TemplateChannel,
  type TemplatesResponse,
} from '../../../../../contract/templates.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import { adminRequest } from '../common/request.ts';

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

/** What this lead and this member give a template. */
export function valuesFor(lead: Record<string, unknown>, counsellor: string) {
  const link = typeof window === 'undefined' ? '' : `${window.location.origin}/`;
  return templateValuesFor(lead, counsellor, link);
}

/**
 * The templates of a channel this lead can be sent whole (none with a hole or a stray brace),
 * each with its text, and the one chosen: `chosenId`, else the one that fits the lead's state.
 */
export function offeredTemplates(templates: MessageTemplate[], lead: Record<string, unknown>, counsellor: string, chosenId: string) {
  const offered = templatesFor(templates, valuesFor(lead, counsellor));
  const status = typeof lead.status === 'string' ? lead.status : 'new';
  const chosen =
    offered.find((o) => o.template.id === chosenId)?.template ??
    defaultTemplate(
      offered.map((o) => o.template),
      status,
    );
  return { offered: offered.map((o) => o.template), chosen: offered.find((o) => o.template === chosen) };
}

export interface ReachLinks {
  whatsapp?: string;
  call?: string;
  email?: string;
}

export function reachLinks(
  lead: Record<string, unknown>,
  messages: { whatsapp?: { message: string }; email?: { template: MessageTemplate; message: string } },
): ReachLinks {
  const phone = typeof lead.phone === 'string' ? lead.phone : '';
  const email = typeof lead.email === 'string' ? lead.email : '';
  return {
    whatsapp: phone ? whatsappLink(phone, messages.whatsapp?.message ?? '') : undefined,
    call: phone ? callLink(phone) : undefined,
    email: email ? emailLink(email, messages.email?.template.name ?? '', messages.email?.message ?? '') : undefined,
  };
}
