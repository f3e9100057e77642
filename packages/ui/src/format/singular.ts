/**
 * An entity's name for one record, from its label ("Tickets" → "ticket"), for messages
 * such as "Ticket created." The spec has no singular label; English plurals in -s cover
 * the common case, and anything else reads acceptably as it is.
 */

/**
 * @example singular('Tickets') // 'ticket'
 * @example singular('Knowledge base') // 'knowledge base'
 */
export function singular(label: string): string {
  const lower = label.toLowerCase();
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith('ss') || !lower.endsWith('s')) return lower;
  return lower.slice(0, -1);
}

/**
 * @example capitalize('ticket created.') // 'Ticket created.'
 */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
