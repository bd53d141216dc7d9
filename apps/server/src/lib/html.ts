const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside HTML or SVG: element content and quoted attribute values. */
export const escapeHtml = (v: unknown): string => String(v ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
