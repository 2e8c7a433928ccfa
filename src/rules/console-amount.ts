import { ofTheOrderWords } from './catch-weight.ts';
import { formatMoney } from './money.ts';

/** A console card's money: its part's amount, and for staff the whole order's (the contract's ConsoleOrder). */
export interface ConsoleAmounts {
  total: string;
  /** Nothing was charged for the part after all: what it came to (the server's, console-orders.ts). */
  was_total?: string | undefined;
  /** Staff only: the order's estimate, and its final amount once packed. */
  grand_total?: string | undefined;
  final_total?: string | null | undefined;
  /** Staff only: the order's driver tip, in no seller's part (said beside the order's total, so the parts add up). */
  driver_tip?: string | undefined;
}

/**
 * What a console card says of the money beside the payment's words: the part's amount ('$41.20'), for staff of the
 * order's ('$41.20 of the order's $88.90'). A part that charged nothing after all says so and what it came to,
 * 'Nothing charged (was $88.90)', never its whole amount beside 'Card hold released' (QA walk 8 #6).
 */
export function consoleAmountWords(card: ConsoleAmounts): string {
  const order =
    card.grand_total === undefined
      ? ''
      : ` ${ofTheOrderWords({ grand_total: card.grand_total, final_total: card.final_total, driver_tip: card.driver_tip })}`;
  if (card.was_total !== undefined) return `Nothing charged (was ${formatMoney(card.was_total)}${order})`;
  return `${formatMoney(card.total)}${order}`;
}
