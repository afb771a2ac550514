// The one HTML escape: text or a quoted attribute value written into markup piazza builds as a
// string (admin templates, the calendar's cell templates, the configurator's snippet, held-back
// scripts). Every character that can end a text, an attribute (either quote, or an unquoted one's
// `=` and backtick) or start a tag or an entity. Pure.
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;', '=': '&#61;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"'`=]/g, (c) => ESC[c]);
