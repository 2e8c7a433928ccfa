/** The gift message's limit (a card's worth of text), checked alike by the checkout and the server. */
export const giftMessageMax = 500;

export const giftMessageMessages = {
  tooLong: `Gift message must be at most ${giftMessageMax} characters.`,
} as const;

/** Characters as people count them (an emoji is one), not UTF-16 units. */
export function giftMessageLength(text: string): number {
  return [...text].length;
}

/** The counter under the field: 'N of 500 characters'. */
export function giftMessageCount(text: string): string {
  return `${giftMessageLength(text)} of ${giftMessageMax} characters`;
}

/** Why a gift message cannot be sent, or undefined when it can (refused, never silently cut). */
export function giftMessageProblem(text: string): string | undefined {
  return giftMessageLength(text) > giftMessageMax ? giftMessageMessages.tooLong : undefined;
}
