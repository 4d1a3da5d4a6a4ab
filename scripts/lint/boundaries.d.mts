// Types for the rule's helpers, so its tests can call them directly.
export function placeOf(file: string): { area: string; room?: string; layer?: string; feature?: string };
export function violation(importer: string, target: string): string | null;
declare const plugin: { meta: { name: string }; rules: Record<string, unknown> };
export default plugin;
